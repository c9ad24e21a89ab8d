import Link from "@/components/idioma/Enlace";
import { READ_YOUR_WRITES_COOKIE, SECURE_SESSION_COOKIE, SESSION_COOKIE } from "@/lib/cookies";
import styles from "./legal.module.css";
import type { DatosSitio } from "./tipos";

interface Almacenamiento {
  nombre: React.ReactNode;
  tipo: React.ReactNode;
  finalidad: string;
  duracion: string;
}

const ALMACENAMIENTOS: Almacenamiento[] = [
  {
    nombre: <code>{SESSION_COOKIE}</code>,
    tipo: (
      <>
        Cookie propia, técnica (en conexiones seguras se llama <code>{SECURE_SESSION_COOKIE}</code>)
      </>
    ),
    finalidad:
      "Mantener tu sesión iniciada mientras navegas, para que puedas publicar planes, guardar favoritos o ver tu perfil. Solo existe si inicias sesión y no es accesible desde JavaScript.",
    duracion: "30 días desde tu última visita, o hasta que cierres la sesión.",
  },
  {
    nombre: <code>{READ_YOUR_WRITES_COOKIE}</code>,
    tipo: "Cookie propia, técnica",
    finalidad:
      "Que, justo después de un cambio tuyo (publicar o editar un plan, guardar un favorito, cambiar tus datos…), las páginas que abras ya lo muestren, aunque lean de una copia de la base de datos que tarda un instante en ponerse al día. Solo guarda una posición de la base de datos, ningún dato tuyo, y no es accesible desde JavaScript.",
    duracion: "Unos segundos desde tu último cambio (medio minuto en la configuración habitual).",
  },
  {
    nombre: <code>cookiesAccepted</code>,
    tipo: "Cookie propia, técnica, y el mismo dato en el almacenamiento local del navegador",
    finalidad: "Recordar que ya has cerrado el aviso de cookies, para no mostrártelo en cada página.",
    duracion: "Un año la cookie; el almacenamiento local, hasta que borres los datos de navegación.",
  },
  {
    nombre: "Última ubicación buscada",
    tipo: "Almacenamiento local del navegador, propio",
    finalidad:
      "Guardar el municipio que buscaste y sus coordenadas para enseñarte directamente los planes de tu zona cuando vuelvas. No sale de tu navegador salvo en cada búsqueda.",
    duracion: "Hasta que busques otro lugar o borres los datos de navegación.",
  },
];

export function PoliticaCookies({ nombre }: DatosSitio) {
  return (
    <>
      <h2>1. Qué son las cookies</h2>
      <p>
        Las cookies son pequeños archivos que una web guarda en tu navegador para recordar información entre una página
        y otra. El almacenamiento local del navegador cumple una función parecida. Esta política explica qué usamos en{" "}
        {nombre} y para qué.
      </p>

      <h2>2. Solo usamos cookies técnicas</h2>
      <p>
        En {nombre} no usamos cookies publicitarias, ni de analítica, ni de redes sociales, ni de ningún tercero. No
        elaboramos perfiles ni seguimos lo que haces en otras webs. Solo guardamos en tu navegador lo imprescindible
        para que el servicio funcione y recuerde tus preferencias:
      </p>
      <ul className={styles.fichas}>
        {ALMACENAMIENTOS.map((a) => (
          <li key={a.finalidad} className={styles.ficha}>
            <h3>{a.nombre}</h3>
            <dl>
              <dt>Tipo</dt>
              <dd>{a.tipo}</dd>
              <dt>Finalidad</dt>
              <dd>{a.finalidad}</dd>
              <dt>Duración</dt>
              <dd>{a.duracion}</dd>
            </dl>
          </li>
        ))}
      </ul>

      <h2>3. Por qué no te pedimos consentimiento</h2>
      <p>
        Las cookies y los datos de la lista anterior son estrictamente necesarios para prestarte el servicio que pides
        (mantener tu sesión y recordar tus preferencias), por lo que están exentos del deber de consentimiento según el
        artículo 22.2 de la Ley 34/2002 (LSSI-CE). El aviso que ves al entrar es solo informativo: al pulsar «Aceptar»
        lo cerramos y lo recordamos.
      </p>

      <h2>4. Cómo borrarlas o bloquearlas</h2>
      <p>
        Puedes borrar las cookies y el almacenamiento local, o impedir que se guarden, desde la configuración de tu
        navegador (normalmente en el apartado de privacidad o de datos de sitios). Si bloqueas la cookie de sesión no
        podrás iniciar sesión; si borras las cookies y el almacenamiento local volverás a ver el aviso de cookies y
        tendrás que buscar de nuevo tu municipio.
      </p>

      <h2>5. Cambios</h2>
      <p>
        Si algún día incorporamos otro tipo de cookies, actualizaremos esta política antes de hacerlo y, si la ley lo
        exige, te pediremos permiso. Para saber cómo tratamos tus datos personales, lee la{" "}
        <Link href="/politica-privacidad">política de privacidad</Link>.
      </p>
    </>
  );
}
