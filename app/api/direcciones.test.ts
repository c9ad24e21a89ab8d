import { beforeAll, describe, expect, it } from "vitest";
import { ALLOW_DEL_SITIO } from "@/lib/http";
import { mensajes } from "@/lib/messages";
import { CABECERAS_DE_SEGURIDAD, CSP_DE_DATOS } from "@/lib/security";
import { query } from "@/test-support/database";
import { camposEvento, camposOrganizacion, enviarFormulario, formulario, png } from "@/test-support/forms";
import { metodoCrudo } from "@/test-support/hostile";
import { archivosDeRuta } from "@/test-support/rutas";
import { municipioDePrueba } from "@/test-support/seguimientos";
import { call, confirmedUser, freshIp, type TestUser } from "@/test-support/users";
import { appUrl } from "@/test-support/worker";

const db = () => process.env.DATABASE_URL!;

/** What the hostile probe sent, and its relatives: none is an address. */
const NO_SON_DIRECCIONES = [
  "x@example.com%0d%0aBcc:victim@example.org",
  "ana@example.com\r\nBcc: victim@example.org",
  "ana perez@example.com",
  "ana@@example.com",
  "ana@example@example.com",
  "ana\u0007@example.com",
  "ana%40example.com@example.org",
];

describe("one check of an e-mail address, in every call that takes one", () => {
  let u: TestUser;
  let ine: string;
  let cartel: Buffer;
  beforeAll(async () => {
    u = await confirmedUser("Direcciones");
    ine = (await municipioDePrueba()).ine;
    cartel = await png(400, 300);
  });

  const llamadas: [string, (correo: string) => Promise<{ status: number; body: Record<string, unknown> }>][] = [
    ["follow a town without an account", (email) => call("POST", "/api/seguimientos", { body: { ine, email } })],
    [
      "register",
      (correo) =>
        call("POST", "/api/usuario/register", { body: { nombre: "Ana", correo, password: "contraseña-segura" } }),
    ],
    ["ask for a new password", (correo) => call("POST", "/api/usuario/restablecer-password", { body: { correo } })],
    [
      "change the account's address",
      (correo) => call("PATCH", "/api/usuario/cambiar-datos", { body: { correo }, token: u.token }),
    ],
    [
      "a plan's contact",
      (emailContacto) =>
        enviarFormulario(
          "POST",
          "/api/plan",
          formulario({
            ...camposEvento(),
            emailContacto,
            archivoCartel: { bytes: cartel, nombre: "cartel.png" },
          }),
          u.token,
        ),
    ],
    [
      "an organization's contact",
      (emailContacto) =>
        enviarFormulario(
          "POST",
          "/api/organizacion",
          formulario({ ...camposOrganizacion(), emailContacto, archivoLogo: { bytes: cartel, nombre: "logo.png" } }),
          u.token,
        ),
    ],
  ];

  it.each(llamadas)("%s: refuses what is not an address, queues and writes nothing", async (_, llamar) => {
    const antes = await huella(u.id);
    for (const correo of NO_SON_DIRECCIONES) {
      const r = await llamar(correo);
      expect([r.status, r.body.mensaje], JSON.stringify(correo)).toEqual([400, mensajes.correoFormato]);
    }
    expect(await huella(u.id)).toEqual(antes);
  });

  it("takes the addresses people have: a plus, an apostrophe, a hyphenated domain, capitals", async () => {
    for (const email of ["o'neil+fiestas@ayto-villar.es", "Ana.Perez@Example.COM"]) {
      const r = await call("POST", "/api/seguimientos", { body: { ine, email } });
      expect(r.status, email).toBe(202);
    }
  });
});

async function huella(usuarioId: string) {
  const [fila] = await query<Record<string, number | string>>(
    db(),
    `SELECT (SELECT count(*)::int FROM email_outbox) AS correos, (SELECT count(*)::int FROM seguimiento) AS seguimientos,
            (SELECT count(*)::int FROM usuario) AS usuarios, (SELECT count(*)::int FROM plan WHERE usuario_id = $1) AS planes,
            (SELECT count(*)::int FROM organizacion) AS organizaciones, (SELECT email FROM usuario WHERE id = $1) AS correo`,
    [usuarioId],
  );
  return fila;
}

/**
 * Every route file, asked with a method it does not have: 405 with the Spanish `{ mensaje }` and
 * the methods it has in `Allow`; OPTIONS lists the same.
 */
describe("a method a route does not have", () => {
  const rutas = archivosDeRuta("route.ts");

  it("finds the route files", () => expect(rutas.length).toBeGreaterThan(60));

  it("answers 405 with the Spanish message and Allow, on every route", async () => {
    const mal: string[] = [];
    await Promise.all(
      rutas.map(async ({ url, metodos }) => {
        const otro = ["PUT", "PATCH", "DELETE", "POST"].find((m) => !metodos.includes(m))!;
        const allow = [...metodos, ...(metodos.includes("GET") ? ["HEAD"] : []), "OPTIONS"].sort().join(", ");
        const res = await fetch(`${appUrl()}${url}`, {
          method: otro,
          headers: { "X-Forwarded-For": freshIp() },
          redirect: "manual",
        });
        const cuerpo = await res.text();
        if (res.status !== 405 || cuerpo !== JSON.stringify({ mensaje: mensajes.metodoNoPermitido }))
          mal.push(`${otro} ${url}: ${res.status} ${cuerpo.slice(0, 80)}`);
        else if (res.headers.get("allow") !== allow) mal.push(`${otro} ${url}: Allow ${res.headers.get("allow")}`);
        const opciones = await fetch(`${appUrl()}${url}`, { method: "OPTIONS", redirect: "manual" });
        if (opciones.status !== 204 || opciones.headers.get("allow") !== allow)
          mal.push(`OPTIONS ${url}: ${opciones.status} ${opciones.headers.get("allow")}`);
      }),
    );
    expect(mal).toEqual([]);
  });

  it("answers TRACE 405 with every method of the site in Allow and the headers of a data answer", async () => {
    const seguridad = Object.fromEntries(CABECERAS_DE_SEGURIDAD.map((c) => [c.key.toLowerCase(), c.value]));
    const id = "00000000-0000-4000-8000-000000000000";
    for (const ruta of ["/", `/plan/x/${id}`, "/api/plan", `/api/plan/detalle/${id}`, "/media/x.png"]) {
      const r = await metodoCrudo("TRACE", `${appUrl()}${ruta}`);
      expect(r, ruta).toMatchObject({
        status: 405,
        texto: JSON.stringify({ mensaje: mensajes.metodoNoPermitido }),
        cabeceras: { ...seguridad, allow: ALLOW_DEL_SITIO, "content-security-policy": CSP_DE_DATOS },
      });
    }
  });
});
