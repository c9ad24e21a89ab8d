import type { Metadata } from "next";
import { conVersiones } from "@/lib/seo/versiones";
import Link from "@/components/idioma/Enlace";
import { EuronaForm } from "@/components/eurona/EuronaForm";
import styles from "./page.module.css";

const METADATOS: Metadata = {
  title: "Internet por satélite",
  description:
    "¿No te llega la fibra? Déjanos tu correo y tu teléfono y te llamamos para contarte cómo tener internet por satélite con Eurona en tu pueblo.",
  alternates: { canonical: "/eurona" },
};

export function generateMetadata(): Promise<Metadata> {
  return conVersiones(METADATOS, ["es"]);
}

const VENTAJAS = [
  "Funciona donde no llega el cable ni la fibra: basta una antena con el cielo despejado.",
  "Te llamamos, te contamos las opciones para tu zona y resolvemos tus dudas.",
  "Sin compromiso: dejarnos tus datos no te obliga a contratar nada.",
] as const;

export default function EuronaPage() {
  return (
    <div className={styles.pagina}>
      <section className={styles.intro} aria-labelledby="eurona-titulo">
        <p className={styles.antetitulo}>En colaboración con Eurona</p>
        <h1 id="eurona-titulo" className={styles.titulo}>
          Internet por satélite para tu pueblo
        </h1>
        <p className={styles.entradilla}>
          ¿En casa no llega la fibra o la conexión va a pedales? Con el internet por satélite de Eurona puedes
          conectarte desde cualquier rincón de España, también desde los pueblos más pequeños.
        </p>
        <ul className={styles.ventajas}>
          {VENTAJAS.map((v) => (
            <li key={v}>{v}</li>
          ))}
        </ul>
      </section>
      <section className={styles.tarjeta} aria-labelledby="eurona-formulario">
        <h2 id="eurona-formulario" className={styles.tarjetaTitulo}>
          Déjanos tus datos y te llamamos
        </h2>
        <EuronaForm />
        <p className={styles.nota}>
          Solo usaremos tu correo y tu teléfono para contactarte sobre esta solicitud. Más información en la{" "}
          <Link href="/politica-privacidad">política de privacidad</Link>.
        </p>
      </section>
    </div>
  );
}
