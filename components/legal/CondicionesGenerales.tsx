import Link from "@/components/idioma/Enlace";
import type { DatosSitio } from "./tipos";

export function CondicionesGenerales({ nombre, contacto }: DatosSitio) {
  return (
    <>
      <h2>1. Qué regulan estas condiciones</h2>
      <p>
        Estas condiciones regulan el uso del sitio web y de las aplicaciones de {nombre}. Al usar el servicio, y en
        particular al crear una cuenta o publicar un plan, las aceptas. Léelas junto con el{" "}
        <Link href="/aviso-legal">aviso legal</Link> y la{" "}
        <Link href="/politica-privacidad">política de privacidad</Link>.
      </p>

      <h2>2. El servicio</h2>
      <p>{nombre} te permite, de forma gratuita:</p>
      <ul>
        <li>
          buscar planes por municipio y verlos ordenados por cercanía, con filtros de categoría, distancia y fecha;
        </li>
        <li>publicar tus propios planes, editarlos y borrarlos cuando quieras;</li>
        <li>guardar planes en tus favoritos y recibir un recordatorio por correo antes de que empiecen;</li>
        <li>crear organizaciones (asociaciones, ayuntamientos, negocios…) y publicar planes en su nombre;</li>
        <li>avisarnos de un plan que incumple estas condiciones.</li>
      </ul>
      <p>
        Publicar planes es gratis y lo seguirá siendo. De forma opcional puedes pedirnos que destaquemos un plan para
        que se vea más; ese servicio es de pago y su precio y condiciones se acuerdan contigo antes de prestarlo.
      </p>

      <h2>3. Tu cuenta</h2>
      <ul>
        <li>
          Para publicar, guardar planes o crear organizaciones necesitas una cuenta. Puedes crearla con tu correo
          electrónico, que deberás confirmar desde el enlace que te enviamos, o con tu cuenta de Google.
        </li>
        <li>Debes tener al menos 14 años y darnos datos ciertos.</li>
        <li>
          Eres responsable de custodiar tu contraseña y de lo que se haga desde tu cuenta. Si crees que alguien ha
          entrado en ella, cambia la contraseña y escríbenos.
        </li>
        <li>
          Puedes eliminar tu cuenta en cualquier momento desde tu perfil. Al hacerlo se borran también los planes, las
          organizaciones y los favoritos asociados a ella.
        </li>
      </ul>

      <h2>4. Publicar planes</h2>
      <p>
        Cada plan debe ser una actividad de ocio real, abierta al público y situada en España, con datos ciertos:
        título, fechas u horarios, dirección, precio si lo tiene y, si quieres, un correo y un teléfono de contacto, que
        serán visibles para cualquiera. Los eventos se muestran hasta su fecha de fin y las experiencias dejan de
        mostrarse cuando terminan.
      </p>
      <p>
        Al publicar un plan o una organización nos autorizas, de forma gratuita y mientras siga publicado, a mostrar su
        contenido (textos, cartel o logotipo) en la web, en las apps y en la difusión que hagamos de ese plan, con fines
        informativos y publicitarios del propio plan. Podemos adaptar el formato de las imágenes (recortarlas o
        reducirlas) para que se vean bien en cada pantalla. Tú sigues siendo el titular de tu contenido.
      </p>

      <h2>5. Tu responsabilidad sobre lo que publicas</h2>
      <p>
        Eres el único responsable de los planes, textos e imágenes que publicas, y garantizas que tienes derecho a
        usarlos. No está permitido publicar:
      </p>
      <ul>
        <li>contenidos ilegales, violentos, discriminatorios, sexuales explícitos o que inciten al odio;</li>
        <li>información falsa o engañosa sobre un plan, su precio o su organizador;</li>
        <li>carteles, logotipos, fotos o textos de otras personas sin su permiso;</li>
        <li>datos personales de terceros sin su consentimiento;</li>
        <li>publicidad que no corresponda a un plan de ocio, spam o enlaces fraudulentos;</li>
        <li>planes duplicados con el único fin de aparecer más veces.</li>
      </ul>
      <p>
        Si un contenido tuyo causa daños o reclamaciones de terceros, responderás de ellos y nos mantendrás indemnes en
        la medida en que lo permita la ley.
      </p>

      <h2>6. Moderación y «Reportar mal uso»</h2>
      <p>
        Cualquier persona, tenga cuenta o no, puede avisarnos de un plan inadecuado con el botón «Reportar mal uso» de
        la página del plan, o escribiéndonos a <a href={`mailto:${contacto}`}>{contacto}</a>. Revisamos cada aviso y, si
        el contenido incumple estas condiciones o la ley, podemos ocultarlo o borrarlo. Ante incumplimientos graves o
        repetidos podemos suspender o cerrar la cuenta responsable, sin aviso previo cuando la gravedad lo justifique.
        Si crees que nos hemos equivocado al retirar un contenido tuyo, escríbenos y lo revisaremos de nuevo.
      </p>

      <h2>7. Organizaciones</h2>
      <p>
        Si creas una organización, declaras que estás autorizado a actuar en su nombre. Sus datos (nombre, logotipo,
        dirección, correo y teléfono de contacto, descripción) y sus planes se muestran en su página pública.
      </p>

      <h2>8. Nuestra responsabilidad</h2>
      <p>
        {nombre} es un escaparate: no organiza los planes ni interviene en la relación entre quien asiste y quien
        organiza. Ofrecemos el servicio tal como está, procurando que funcione bien y sea seguro, sin poder garantizar
        que esté libre de interrupciones o errores.
      </p>

      <h2>9. Cambios en el servicio y en estas condiciones</h2>
      <p>
        Podemos mejorar, cambiar o dejar de ofrecer funciones del servicio, y actualizar estas condiciones. Publicaremos
        siempre la versión vigente en esta página con su fecha de actualización y, si el cambio es importante, te
        avisaremos por correo electrónico antes de que entre en vigor. Si no estás de acuerdo, puedes dejar de usar el
        servicio y eliminar tu cuenta.
      </p>

      <h2>10. Ley aplicable</h2>
      <p>
        Estas condiciones se rigen por la legislación española, en los términos del{" "}
        <Link href="/aviso-legal">aviso legal</Link>.
      </p>
    </>
  );
}
