import Link from "@/components/idioma/Enlace";
import type { DatosSitio } from "./tipos";

export function AvisoLegal({ nombre, url, contacto }: DatosSitio) {
  return (
    <>
      <h2>1. Datos identificativos</h2>
      <p>
        En cumplimiento del artículo 10 de la Ley 34/2002, de 11 de julio, de Servicios de la Sociedad de la Información
        y de Comercio Electrónico (LSSI-CE), te informamos de que el sitio web <a href={url}>{url}</a> y las
        aplicaciones móviles de {nombre} (en adelante, «{nombre}» o «nosotros») pertenecen a sus fundadores, que las
        gestionan bajo el nombre comercial {nombre}.
      </p>
      <ul>
        <li>Titular: {nombre}.</li>
        <li>
          Correo electrónico de contacto: <a href={`mailto:${contacto}`}>{contacto}</a>.
        </li>
        <li>
          Los datos fiscales y el domicilio del titular se facilitarán a cualquier persona o autoridad que los solicite
          en esa misma dirección.
        </li>
      </ul>

      <h2>2. Objeto</h2>
      <p>
        {nombre} es un servicio gratuito para descubrir y publicar planes de ocio locales —eventos con fechas concretas
        y experiencias disponibles ciertos días de la semana— en pueblos y ciudades de España. Este aviso regula el
        acceso y el uso del sitio web y de las apps. Quien navega por ellos adquiere la condición de usuario y acepta
        este aviso legal, las <Link href="/condiciones-generales">condiciones generales</Link>, la{" "}
        <Link href="/politica-privacidad">política de privacidad</Link> y la{" "}
        <Link href="/cookies">política de cookies</Link>.
      </p>

      <h2>3. Propiedad intelectual e industrial</h2>
      <p>
        El nombre y la marca {nombre}, el diseño del sitio, sus textos propios, su código y sus logotipos son de nuestra
        titularidad o los usamos con permiso de sus titulares. No se permite reproducirlos, distribuirlos ni
        transformarlos con fines comerciales sin nuestra autorización por escrito.
      </p>
      <p>
        Los planes, carteles, logotipos y descripciones que publican los usuarios pertenecen a quienes los publican o a
        sus titulares, que nos autorizan a mostrarlos en los términos de las condiciones generales. Los datos de
        municipios proceden del Instituto Nacional de Estadística (INE) y las coordenadas, de GeoNames (licencia CC BY
        4.0) y de Countries States Cities Database (licencia ODbL).
      </p>
      <p>
        Si crees que algún contenido infringe tus derechos, escríbenos a <a href={`mailto:${contacto}`}>{contacto}</a>{" "}
        indicando de qué contenido se trata y lo revisaremos enseguida.
      </p>

      <h2>4. Responsabilidad</h2>
      <p>
        {nombre} no organiza los planes que se publican: la información de cada uno (fechas, horarios, precio,
        dirección, contacto) la aportan sus organizadores o los usuarios que los publican, que son responsables de que
        sea cierta y esté al día. Te recomendamos confirmar los detalles con el organizador antes de desplazarte. No
        respondemos de cancelaciones, cambios ni de la forma en que se desarrolle un plan.
      </p>
      <p>
        Actuamos como prestador de un servicio de alojamiento de datos (artículo 16 de la LSSI-CE): no revisamos cada
        contenido antes de que se publique, pero retiramos con rapidez el que sea ilícito o incumpla nuestras
        condiciones en cuanto lo conocemos, por ejemplo gracias al botón «Reportar mal uso» de cada plan o a un mensaje
        a nuestra dirección de contacto.
      </p>
      <p>
        Trabajamos para que el servicio esté siempre disponible y libre de errores, pero no podemos garantizarlo: puede
        haber interrupciones por mantenimiento o por causas ajenas a nosotros. Los enlaces a sitios de terceros (webs de
        los planes, mapas, tiendas de aplicaciones, redes sociales) se ofrecen por comodidad; no controlamos su
        contenido ni respondemos de él.
      </p>

      <h2>5. Legislación aplicable y jurisdicción</h2>
      <p>
        Este aviso legal y el uso del servicio se rigen por la legislación española. Para cualquier controversia, si
        eres consumidor, serán competentes los juzgados y tribunales de tu domicilio; en los demás casos, los que
        correspondan conforme a la ley. Antes de acudir a ellos, te agradeceremos que nos escribas para intentar
        resolverlo de forma amistosa.
      </p>
    </>
  );
}
