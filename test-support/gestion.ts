import { expect, it } from "vitest";
import { mensajes } from "@/lib/messages";
import { query } from "./database";
import { confirmedUser, cookieDeSesionNueva } from "./users";
import { appUrl } from "./worker";

export type Persona = Awaited<ReturnType<typeof confirmedUser>> & { cookie: string };

/** A confirmed user with a back-office role, logged in: their bearer token and their session cookie. */
export async function persona(nombre: string, rol: "usuario" | "moderador" | "admin"): Promise<Persona> {
  const u = await confirmedUser(nombre);
  await query(process.env.DATABASE_URL!, "UPDATE usuario SET rol = $1::rol WHERE id = $2", [rol, u.id]);
  const { name, value } = await cookieDeSesionNueva(u.id);
  return { ...u, cookie: `${name}=${value}` };
}

/** A page's HTML as text, without the comments React puts between adjacent strings. */
export const paginaHtml = (ruta: string, cookie: string) =>
  fetch(`${appUrl()}${ruta}`, { headers: { Cookie: cookie } }).then(async (r) =>
    (await r.text()).replaceAll("<!-- -->", ""),
  );

/**
 * The three checks every back-office page gets (as it.each tests in the caller's describe): a
 * visitor without a session goes to the login page and comes back; a plain user gets the 404
 * page with no trace of the back-office (`marcas`: words that would give it away); a moderator
 * gets the page, never indexed. The people are read when the tests run (set in beforeAll).
 */
export function comprobarAccesoPaginas(
  paginas: string[],
  quien: () => { usuaria: Persona; moderadora: Persona },
  marcas: RegExp,
): void {
  it.each(paginas)(
    "sends a visitor without a session from %s to the login page, and comes back there",
    async (ruta) => {
      const res = await fetch(`${appUrl()}${ruta}`, { redirect: "manual" });
      expect(res.status).toBe(307);
      const destino = new URL(res.headers.get("location")!, appUrl());
      expect(destino.pathname).toBe("/iniciar-sesion");
      expect(destino.searchParams.get("redirigir")).toBe(ruta);
    },
  );

  it.each(paginas)("shows a plain user the 404 page at %s, without a trace of the back-office", async (ruta) => {
    const res = await fetch(`${appUrl()}${ruta}`, {
      headers: { Cookie: quien().usuaria.cookie },
      redirect: "manual",
    });
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain(mensajes.paginaNoEncontrada);
    expect(html.match(new RegExp(`.{40}(${marcas.source}).{40}`, "g"))).toBeNull();
  });

  it.each(paginas)("opens %s to a moderator, never indexed", async (ruta) => {
    const res = await fetch(`${appUrl()}${ruta}`, {
      headers: { Cookie: quien().moderadora.cookie },
      redirect: "manual",
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<meta name="robots" content="noindex, ?nofollow"/);
    expect(html).toContain('aria-label="Gestión"');
  });
}
