import { afterAll, describe, expect, inject, it } from "vitest";
import { api } from "@/test-support/api";
import { query } from "@/test-support/database";
import { freshOrigin, insertPlan, insertUser } from "@/test-support/plans";
import { call, confirmedUser } from "@/test-support/users";
import { createPrismaClient } from "@/lib/db/client";
import { diaEnMadrid, instanteEnMadrid, sumarDias } from "@/lib/dates";
import { mensajes } from "@/lib/messages";
import { enviarRecordatorios } from "./recordatorios";

const db = () => process.env.DATABASE_URL!;
const prisma = createPrismaClient(process.env.DATABASE_URL, 2);
afterAll(() => prisma.$disconnect());

const correos = (email: string) =>
  query<{ subject: string; text: string }>(db(), `SELECT subject, text FROM email_outbox WHERE "to" = $1`, [email]);
const guardar = (usuarioId: string, planId: string) =>
  query(db(), "INSERT INTO favorito (usuario_id, plan_id) VALUES ($1, $2)", [usuarioId, planId]);

describe("reminders of saved plans", () => {
  it("e-mails each user once about the saved plans that start tomorrow, and only if they want it", async () => {
    const manana = sumarDias(diaEnMadrid(), 1);
    const pasado = sumarDias(manana, 1);
    const origin = await freshOrigin();
    const autora = await insertUser();
    const plan = (titulo: string, inicio: Date, extra: { visible?: boolean } = {}) =>
      insertPlan({
        usuarioId: autora,
        origin,
        titulo,
        fechaInicio: inicio,
        fechaFin: new Date(inicio.getTime() + 3_600_000),
        ...extra,
      });
    const matinal = await plan("Mercado de mañana", instanteEnMadrid(manana, "10:00"));
    const verbena = await plan("Verbena de mañana", instanteEnMadrid(manana, "22:30"));
    const luego = await plan("Pasado mañana", instanteEnMadrid(pasado, "10:00"));
    const oculto = await plan("Oculto", instanteEnMadrid(manana, "12:00"), { visible: false });

    const quiere = await insertUser();
    const noQuiere = await insertUser();
    for (const p of [matinal, verbena, luego, oculto]) await guardar(quiere, p);
    await guardar(noQuiere, matinal);
    await query(db(), "UPDATE usuario SET recordatorios = false WHERE id = $1", [noQuiere]);

    const primera = await enviarRecordatorios(prisma);
    const segunda = await enviarRecordatorios(prisma);
    expect(primera.planes).toBeGreaterThanOrEqual(2);
    expect(segunda).toEqual({ usuarios: 0, planes: 0, avisos: 0 });

    const recibidos = await correos(`${quiere}@example.com`);
    expect(recibidos).toHaveLength(1);
    expect(recibidos[0].subject).toMatch(/^Mañana tienes planes/);
    expect(recibidos[0].text).toContain(
      "• Mercado de mañana (Pueblo de Prueba, a las 10:00)\n• Verbena de mañana (Pueblo de Prueba, a las 22:30)",
    );
    expect(recibidos[0].text).not.toContain("Pasado mañana");
    expect(recibidos[0].text).not.toContain("Oculto");
    expect(recibidos[0].text).toContain("/perfil");
    await expect(correos(`${noQuiere}@example.com`)).resolves.toHaveLength(0);

    // The plan of the day after is reminded the next day, once.
    const otroDia = new Date(instanteEnMadrid(manana, "18:00"));
    await enviarRecordatorios(prisma, otroDia);
    await enviarRecordatorios(prisma, otroDia);
    const despues = await correos(`${quiere}@example.com`);
    expect(despues).toHaveLength(2);
    expect(despues.map((c) => c.subject)).toContain("Mañana tienes un plan · Planazo");
  });

  it("reminds in the language of the person's profile, by e-mail and on their devices", async () => {
    const manana = sumarDias(diaEnMadrid(), 1);
    const origin = await freshOrigin();
    const autora = await insertUser();
    const inicio = instanteEnMadrid(manana, "19:00");
    const plan = await insertPlan({
      usuarioId: autora,
      origin,
      titulo: "Kontzertua plazan",
      fechaInicio: inicio,
      fechaFin: new Date(inicio.getTime() + 3_600_000),
    });
    const miren = await insertUser();
    await guardar(miren, plan);
    await query(db(), "UPDATE usuario SET idioma = 'eu', recordatorios_push = true WHERE id = $1", [miren]);
    await query(
      db(),
      `WITH s AS (INSERT INTO sesion (id, token, expires_at, user_id)
                  VALUES (gen_random_uuid()::text, gen_random_uuid()::text, now() + interval '1 day', $1) RETURNING id)
       INSERT INTO push_suscripcion (usuario_id, sesion_id, endpoint, p256dh, auth)
       SELECT $1, s.id, 'https://127.0.0.1/push/' || $1, 'p256dh', 'auth' FROM s`,
      [miren],
    );
    await enviarRecordatorios(prisma);
    const eu = (await import("@/mensajes/eu.json")).default;
    const [correo] = await correos(`${miren}@example.com`);
    expect(correo.subject).toBe(`${eu.correo.recordatorio.asuntoUno} · Planazo`);
    expect(correo.text).toContain(`${eu.correo.recordatorio.textoUno}:\n• Kontzertua plazan`);
    expect(correo.text).toContain("/eu/planes-favoritos");
    const [push] = await query<{ carga: { titulo: string; cuerpo: string; url: string } }>(
      db(),
      "SELECT e.carga FROM push_envio e JOIN push_dispositivo d ON d.id = e.suscripcion_id WHERE d.usuario_id = $1",
      [miren],
    );
    expect(push.carga.titulo).toBe(eu.avisos.avisoManana);
    expect(push.carga.cuerpo.endsWith(eu.avisos.comoDejarlos)).toBe(true);
    expect(new URL(push.carga.url).pathname).toBe("/eu/planes-favoritos");
  });

  it("runs from a scheduler only with the secret, and users switch it off from their profile", async () => {
    expect((await api("/api/tareas/recordatorios", { method: "POST" })).status).toBe(401);
    expect(
      (
        await api("/api/tareas/recordatorios", {
          method: "POST",
          headers: { Authorization: "Bearer otro-secreto-cualquiera" },
        })
      ).status,
    ).toBe(401);
    const ok = await api("/api/tareas/recordatorios", {
      method: "POST",
      headers: { Authorization: `Bearer ${inject("cronSecret")}` },
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({
      usuarios: expect.any(Number),
      planes: expect.any(Number),
      avisos: expect.any(Number),
    });

    expect(
      (await api("/api/usuario/recordatorios", { method: "PATCH", body: JSON.stringify({ recordatorios: false }) }))
        .status,
    ).toBe(401);
    const { token, id } = await confirmedUser();
    const apagar = await call("PATCH", "/api/usuario/recordatorios", { token, body: { recordatorios: false } });
    expect(apagar).toMatchObject({
      status: 200,
      body: { mensaje: mensajes.recordatoriosDesactivados, recordatorios: false },
    });
    await expect(query(db(), "SELECT recordatorios FROM usuario WHERE id = $1", [id])).resolves.toEqual([
      { recordatorios: false },
    ]);
    expect((await call("PATCH", "/api/usuario/recordatorios", { token, body: { recordatorios: "no" } })).status).toBe(
      400,
    );
    expect(await call("PATCH", "/api/usuario/recordatorios", { token, body: { recordatorios: true } })).toMatchObject({
      status: 200,
      body: { mensaje: mensajes.recordatoriosActivados },
    });
  });
});
