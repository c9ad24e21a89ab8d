import type { Metadata } from "next";
import { conVersiones } from "@/lib/seo/versiones";
import Link from "@/components/idioma/Enlace";
import { site } from "@/lib/site";
import styles from "./page.module.css";

const METADATOS: Metadata = {
  title: "Nosotros",
  description:
    "Somos dos vecinos de un pueblo pequeño que querían reunir en un solo sitio los planes de ocio de su zona. Esta es nuestra historia.",
  alternates: { canonical: "/nosotros" },
};

export function generateMetadata(): Promise<Metadata> {
  return conVersiones(METADATOS, ["es"]);
}

const IDEAS = [
  {
    titulo: "Cerca de ti",
    texto: "Buscas tu municipio y ves lo que hay alrededor, ordenado por distancia, con fechas, precio y cómo llegar.",
  },
  {
    titulo: "Publicar es gratis",
    texto: "Una peña, una asociación, un ayuntamiento, un bar o cualquier vecino puede contar lo que organiza.",
  },
  {
    titulo: "Hecho en un pueblo",
    texto: "Lo hacemos desde el pueblo, pensando en los pueblos, con lo que nos contáis quienes lo usáis.",
  },
] as const;

export default function NosotrosPage() {
  const { nombre, contacto } = site();
  return (
    <article className={styles.pagina}>
      <header className={styles.cabecera}>
        <h1 className={styles.titulo}>Nosotros</h1>
        <p className={styles.entradilla}>
          Dos vecinos de pueblo con una idea sencilla: que nadie se pierda lo que pasa cerca de casa.
        </p>
      </header>

      <section className={styles.historia} aria-labelledby="historia">
        <h2 id="historia">Cómo empezó</h2>
        <p>
          {nombre} nació en un pueblo pequeño, de esos en los que todo el mundo se conoce y, aun así, te enteras de la
          fiesta del pueblo de al lado cuando ya ha pasado. Somos dos amigos que vivimos allí y que, casi cada fin de
          semana, acabábamos haciéndonos la misma pregunta: ¿qué podemos hacer hoy por aquí cerca?
        </p>
        <p>
          La respuesta existía, pero estaba repartida: en carteles pegados en la puerta del bar o del ayuntamiento, en
          grupos de mensajería, en el boca a boca y en perfiles de redes sociales que solo conocía quien ya estaba
          enterado. Fiestas patronales, rutas, mercados, talleres, conciertos, catas, actividades para los críos… había
          mucho más de lo que parecía, y casi nadie de fuera llegaba a saberlo.
        </p>
        <p>
          Así que decidimos juntarlo todo en un mismo sitio. En {nombre} buscas tu municipio y ves los eventos y las
          experiencias que hay a tu alrededor, y quien organiza algo puede publicarlo gratis en un par de minutos, con
          su cartel, sus fechas y su dirección.
        </p>
        <p>
          Creemos que un pueblo con planes es un pueblo con vida: cuando la gente se entera de lo que se hace, va, se
          queda a comer, vuelve otro día. Por eso seguimos viviendo aquí y seguimos mejorando {nombre} con lo que nos
          contáis. Si tienes una idea, una queja o simplemente quieres saludarnos, escríbenos a{" "}
          <a href={`mailto:${contacto}`}>{contacto}</a>.
        </p>
      </section>

      <section aria-labelledby="ideas">
        <h2 id="ideas" className="visually-hidden">
          Lo que nos mueve
        </h2>
        <ul className={styles.ideas}>
          {IDEAS.map((idea) => (
            <li key={idea.titulo} className={styles.idea}>
              <h3 className={styles.ideaTitulo}>{idea.titulo}</h3>
              <p>{idea.texto}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.llamada} aria-labelledby="llamada">
        <h2 id="llamada" className={styles.llamadaTitulo}>
          ¿Qué hay cerca de ti este fin de semana?
        </h2>
        <p>Busca planes en tu zona o cuéntanos lo que organizas: publicar es gratis.</p>
        <div className={styles.acciones}>
          <Link className="button" href="/">
            Buscar planes
          </Link>
          <Link className={styles.secundario} href="/publicar">
            Publicar un plan
          </Link>
        </div>
      </section>
    </article>
  );
}
