import { site } from "../site";
import type { Email } from "./transport";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** One layout for every message: greeting, a paragraph, a button with its link, a closing line. */
function mensaje(
  to: string,
  asunto: string,
  nombre: string,
  parrafo: string,
  boton: string,
  url: string,
  pie: string,
): Email {
  const { nombre: producto } = site();
  const text = `Hola, ${nombre}:\n\n${parrafo}\n\n${boton}: ${url}\n\n${pie}\n\nEl equipo de ${producto}`;
  const html = `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1c1917;line-height:1.5">
<p>Hola, ${escapeHtml(nombre)}:</p>
<p style="white-space:pre-line">${escapeHtml(parrafo)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 20px;background:#c2410c;color:#fff;border-radius:999px;text-decoration:none;font-weight:bold">${escapeHtml(boton)}</a></p>
<p style="font-size:14px;color:#57534e">Si el botón no funciona, copia este enlace en tu navegador:<br>${escapeHtml(url)}</p>
<p style="font-size:14px;color:#57534e">${escapeHtml(pie)}</p>
<p>El equipo de ${escapeHtml(producto)}</p>
</body></html>`;
  return { to, subject: `${asunto} · ${producto}`, text, html };
}

export function correoConfirmarCuenta(to: string, nombre: string, token: string): Email {
  return mensaje(
    to,
    "Confirma tu cuenta",
    nombre,
    `Gracias por registrarte en ${site().nombre}. Para activar tu cuenta, confirma tu correo electrónico.`,
    "Confirmar mi cuenta",
    `${site().url}/confirmar-cuenta/${token}`,
    "El enlace caduca en 24 horas. Si no has creado esta cuenta, ignora este correo.",
  );
}

export function correoConfirmarCambioCorreo(to: string, nombre: string, token: string): Email {
  return mensaje(
    to,
    "Confirma tu nuevo correo",
    nombre,
    `Has pedido usar esta dirección en tu cuenta de ${site().nombre}. Confírmalo para que el cambio tenga efecto.`,
    "Confirmar el nuevo correo",
    `${site().url}/confirmar-cuenta/${token}`,
    "El enlace caduca en 24 horas. Si no has pedido este cambio, ignora este correo.",
  );
}

export function correoRestablecerPassword(to: string, nombre: string, token: string): Email {
  return mensaje(
    to,
    "Restablece tu contraseña",
    nombre,
    "Hemos recibido una petición para restablecer la contraseña de tu cuenta.",
    "Elegir una contraseña nueva",
    `${site().url}/restablecer-password/${token}`,
    "El enlace caduca en 1 hora y solo sirve una vez. Si no lo has pedido tú, ignora este correo: tu contraseña no cambia.",
  );
}

/** A notice for the team (CONTACT_EMAIL): a subject and the facts, one per line. */
export function avisoInterno(asunto: string, datos: Record<string, string | null | undefined>): Email {
  const { nombre: producto, contacto } = site();
  const lineas = Object.entries(datos).map(([k, v]) => [k, v ?? "—"] as const);
  const text = lineas.map(([k, v]) => `${k}: ${v}`).join("\n");
  const html = `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif"><h1 style="font-size:18px">${escapeHtml(asunto)}</h1><table>${lineas
    .map(
      ([k, v]) => `<tr><th align="left" style="padding-right:12px">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`,
    )
    .join("")}</table></body></html>`;
  return { to: contacto, subject: `${asunto} · ${producto}`, text, html };
}

/** The evening-before reminder of saved plans (lib/reminders): one e-mail a user, every plan in it. */
export function correoRecordatorio(
  to: string,
  nombre: string,
  planes: { titulo: string; municipio: string; hora: string }[],
): Email {
  const { url } = site();
  const lista = planes.map((p) => `• ${p.titulo} (${p.municipio}, a las ${p.hora})`).join("\n");
  return mensaje(
    to,
    planes.length === 1 ? "Mañana tienes un plan" : "Mañana tienes planes",
    nombre,
    `${planes.length === 1 ? "Mañana empieza un plan que guardaste" : "Mañana empiezan planes que guardaste"}:\n${lista}`,
    "Ver mis planes guardados",
    `${url}/planes-favoritos`,
    `Si no quieres recibir estos recordatorios, desactívalos en tu perfil: ${url}/perfil`,
  );
}

/** To a plan's owner when the team hides it: which plan, and why (the reason typed in /gestion). */
export function correoPlanOculto(to: string, nombre: string, titulo: string, motivo: string): Email {
  const { url, nombre: producto } = site();
  return mensaje(
    to,
    "Hemos ocultado tu plan",
    nombre,
    `El equipo de ${producto} ha ocultado tu plan «${titulo}»: ya no aparece en las búsquedas ni se puede abrir.\n\nMotivo: ${motivo}`,
    "Ver mis planes",
    `${url}/mis-planes`,
    "Si crees que es un error, responde a este correo y lo revisaremos.",
  );
}

/** To a person whose account the team suspends: why, and what it means. */
export function correoCuentaSuspendida(to: string, nombre: string, motivo: string): Email {
  const { url, nombre: producto } = site();
  return mensaje(
    to,
    "Hemos suspendido tu cuenta",
    nombre,
    `El equipo de ${producto} ha suspendido tu cuenta: no puedes iniciar sesión y tus planes ya no se muestran.\n\nMotivo: ${motivo}`,
    "Ir a la web",
    url,
    "Si crees que es un error, responde a este correo y lo revisaremos.",
  );
}
