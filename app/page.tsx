import { mensajes } from "@/lib/messages";
import { ENLACES_EXTERNOS } from "@/lib/site";
import styles from "./page.module.css";

export default function HomePage() {
  return (
    <>
      <section className={styles.hero}>
        <h1 className={styles.title}>{mensajes.tituloHome}</h1>
        <p className={styles.lead}>
          Fiestas de pueblo, rutas, talleres, conciertos y experiencias cerca de ti. Busca tu municipio y mira qué
          hay a tu alrededor.
        </p>
      </section>
      <section className={styles.promo} aria-labelledby="promo-titulo">
        <h2 id="promo-titulo" className={styles.promoTitle}>
          Llévate los planes en el bolsillo
        </h2>
        <p>Publicar es gratis. Descarga la app y no te pierdas nada de lo que pasa en tu zona.</p>
        <div className={styles.badges}>
          <a className="button" href={ENLACES_EXTERNOS.appStore} rel="noopener noreferrer" target="_blank">
            App Store
          </a>
          <a className="button" href={ENLACES_EXTERNOS.googlePlay} rel="noopener noreferrer" target="_blank">
            Google Play
          </a>
        </div>
      </section>
    </>
  );
}
