import Link from "@/components/idioma/Enlace";
import type { DatosSitio } from "./tipos";

export function PoliticaPrivacidad({ nombre, contacto }: DatosSitio) {
  const correo = <a href={`mailto:${contacto}`}>{contacto}</a>;
  return (
    <>
      <p>
        En {nombre} tratamos tus datos con el cuidado con el que nos gustaría que trataran los nuestros: solo los que
        necesitamos, solo para lo que te contamos aquí y sin venderlos a nadie. Esta política cumple el Reglamento (UE)
        2016/679 (RGPD) y la Ley Orgánica 3/2018 de Protección de Datos Personales y garantía de los derechos digitales
        (LOPDGDD).
      </p>

      <h2>1. Responsable del tratamiento</h2>
      <p>
        El responsable de tus datos es el titular de {nombre}, identificado en el{" "}
        <Link href="/aviso-legal">aviso legal</Link>. Para cualquier cuestión sobre privacidad puedes escribirnos a{" "}
        {correo}.
      </p>

      <h2>2. Qué datos tratamos y para qué</h2>
      <h3>Tu ubicación</h3>
      <p>
        Usamos la ubicación que nos indicas —el municipio o la dirección que escribes en el buscador o, en las apps, la
        de tu dispositivo si nos das permiso— únicamente para mostrarte los planes y eventos cercanos y calcular a qué
        distancia están. Tu navegador recuerda la última búsqueda para tu próxima visita; nosotros no guardamos un
        historial de tus ubicaciones ni la asociamos a tu cuenta.
      </p>
      <h3>Tu correo electrónico y tu cuenta</h3>
      <p>
        Con tu nombre, tu correo y tu contraseña (que guardamos cifrada, nunca en claro) o los datos básicos de tu
        cuenta de Google gestionamos tu cuenta. Usamos tu correo electrónico para enviarte las confirmaciones de
        registro (el enlace para confirmar tu cuenta y los avisos sobre ella, como el cambio o la recuperación de
        contraseña) y los recordatorios de los eventos que has guardado. No te enviaremos publicidad por correo.
      </p>
      <h3>Carteles, logotipos y planes que publicas</h3>
      <p>
        Los carteles de los planes y los logotipos de las organizaciones que subes se usan solo para la difusión
        informativa y publicitaria del propio plan u organización: mostrarlos en su ficha, en los listados, en la web,
        en las apps y en la vista previa cuando alguien comparte el enlace. No los usamos para nada más ni los cedemos a
        terceros. Los datos que decides publicar en un plan u organización (título, descripción, dirección, correo y
        teléfono de contacto) serán visibles para cualquier visitante.
      </p>
      <h3>Solicitudes que nos haces</h3>
      <p>
        Si nos pides que destaquemos un plan o que te informemos sobre internet por satélite, usamos el teléfono y los
        datos que nos das solo para ponernos en contacto contigo y atender esa petición.
      </p>
      <h3>Favoritos y avisos de mal uso</h3>
      <p>
        Guardamos los planes que marcas como favoritos para mostrártelos y recordártelos. Cuando reportas un plan,
        guardamos qué plan es para revisarlo; no necesitas identificarte.
      </p>
      <h3>Si sigues un pueblo o una organización desde el fediverso</h3>
      <p>
        Si sigues desde Mastodon, Mobilizon u otro servidor del fediverso la cuenta de un pueblo o de una organización,
        guardamos solo la dirección de tu cuenta y la de la bandeja de entrada de tu servidor, para enviarte sus planes.
        Dejas de recibirlos en cuanto dejas de seguirla; el pueblo o la organización puede pedirnos que borremos su
        lista de seguidores, y la borramos entera de una vez.
      </p>
      <h3>Seguridad</h3>
      <p>
        Registramos de forma temporal la dirección IP desde la que se hacen algunas operaciones (inicio de sesión,
        registro, recuperación de contraseña, avisos y solicitudes) para limitar los intentos repetidos y proteger el
        servicio frente a abusos.
      </p>

      <h2>3. Base legal</h2>
      <ul>
        <li>
          Ejecución del contrato que aceptas con las <Link href="/condiciones-generales">condiciones generales</Link>{" "}
          (artículo 6.1.b del RGPD): tu cuenta, la publicación de planes y organizaciones, los favoritos, los correos de
          confirmación y los recordatorios, y la búsqueda de planes cercanos a la ubicación que nos indicas.
        </li>
        <li>
          Medidas precontractuales a petición tuya (artículo 6.1.b del RGPD): las solicitudes para destacar un plan o
          recibir información sobre internet por satélite.
        </li>
        <li>
          Interés legítimo (artículo 6.1.f del RGPD): la seguridad del servicio, la prevención de abusos y la moderación
          de los contenidos reportados.
        </li>
        <li>
          Consentimiento (artículo 6.1.a del RGPD): el acceso a la ubicación de tu dispositivo en las apps, que puedes
          retirar en cualquier momento desde sus ajustes.
        </li>
      </ul>

      <h2>4. Cuánto tiempo conservamos tus datos</h2>
      <ul>
        <li>
          Los datos de tu cuenta, tus planes, tus organizaciones y tus favoritos, mientras tengas la cuenta. Al
          eliminarla desde tu perfil los borramos, junto con sus carteles y logotipos.
        </li>
        <li>Los planes dejan de mostrarse cuando terminan, y puedes borrarlos tú en cualquier momento.</li>
        <li>
          Quién sigue una cuenta de Planazo desde el fediverso, mientras la siga: al dejar de seguirla, o si su cuenta
          se borra en su servidor, borramos su dirección.
        </li>
        <li>Las solicitudes de contacto, el tiempo necesario para atenderlas y, como máximo, un año.</li>
        <li>Los registros de seguridad, unas horas o días, lo que dure la ventana de control de intentos.</li>
      </ul>
      <p>
        Después, si una ley nos obliga, mantendremos bloqueados los datos imprescindibles durante los plazos de
        prescripción de las posibles responsabilidades, solo a disposición de jueces y autoridades.
      </p>

      <h2>5. Con quién compartimos tus datos</h2>
      <p>
        No vendemos ni cedemos tus datos. Para prestar el servicio nos apoyamos en proveedores que los tratan por
        encargo nuestro y con contrato: alojamiento del servidor y de la base de datos, almacenamiento de imágenes y
        envío de correos electrónicos, además de Google si eliges iniciar sesión con tu cuenta de Google. Si alguno está
        fuera del Espacio Económico Europeo, la transferencia se ampara en una decisión de adecuación de la Comisión
        Europea (como el Marco de Privacidad de Datos UE-EE. UU.) o en cláusulas contractuales tipo. Solo comunicaremos
        datos a autoridades cuando una ley nos obligue.
      </p>

      <h2>6. Tus derechos</h2>
      <p>Puedes ejercer en cualquier momento, de forma gratuita, tus derechos de:</p>
      <ul>
        <li>acceso: saber qué datos tuyos tratamos;</li>
        <li>rectificación: corregir los que sean inexactos;</li>
        <li>supresión: pedir que los borremos;</li>
        <li>oposición y limitación del tratamiento;</li>
        <li>portabilidad: recibirlos en un formato de uso común;</li>
        <li>retirar tu consentimiento cuando el tratamiento se base en él.</li>
      </ul>
      <p>
        Muchos los puedes ejercer tú mismo desde tu perfil (cambiar tu nombre o tu correo, eliminar tu cuenta). Para los
        demás, escríbenos a {correo} con el asunto «Protección de datos», indicando qué derecho quieres ejercer y desde
        el correo asociado a tu cuenta (o acompañando algún dato que nos permita comprobar que eres tú). Te
        responderemos en el plazo máximo de un mes.
      </p>
      <p>
        Si crees que no hemos atendido bien tu solicitud o que tratamos tus datos de forma indebida, puedes presentar
        una reclamación ante la Agencia Española de Protección de Datos (AEPD), en{" "}
        <a href="https://www.aepd.es" rel="noopener noreferrer" target="_blank">
          www.aepd.es
        </a>{" "}
        o en C/ Jorge Juan, 6, 28001 Madrid.
      </p>

      <h2>7. Seguridad y menores</h2>
      <p>
        Protegemos tus datos con conexiones cifradas, contraseñas guardadas de forma irreversible y una cookie de sesión
        inaccesible desde el navegador. El servicio no está dirigido a menores de 14 años, que no deben crear una
        cuenta.
      </p>

      <h2>8. Cambios en esta política</h2>
      <p>
        Si cambiamos esta política publicaremos aquí la nueva versión con su fecha y, si el cambio es relevante, te
        avisaremos por correo electrónico. Sobre las cookies, consulta la{" "}
        <Link href="/cookies">política de cookies</Link>.
      </p>
    </>
  );
}
