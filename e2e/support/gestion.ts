import { inject } from "vitest";
import { query } from "./database";
import { call, confirmedUser } from "./users";

export type Persona = Awaited<ReturnType<typeof confirmedUser>> & { cookie: string };

/** A confirmed user with a back-office role, logged in: their bearer token and their session cookie. */
export async function persona(nombre: string, rol: "usuario" | "moderador" | "admin"): Promise<Persona> {
  const u = await confirmedUser(nombre);
  await query(process.env.DATABASE_URL!, "UPDATE usuario SET rol = $1::rol WHERE id = $2", [rol, u.id]);
  const login = await call("POST", "/api/usuario/login", { body: { correo: u.correo, password: u.password } });
  return { ...u, cookie: login.setCookie.find((c) => c.startsWith("planazo.session_token="))!.split(";")[0] };
}

/** A page's HTML as text, without the comments React puts between adjacent strings. */
export const paginaHtml = (ruta: string, cookie: string) =>
  fetch(`${inject("baseUrl")}${ruta}`, { headers: { Cookie: cookie } }).then(async (r) => (await r.text()).replaceAll("<!-- -->", ""));
