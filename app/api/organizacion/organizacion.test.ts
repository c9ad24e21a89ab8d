import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { query } from "@/test-support/database";
import { camposOrganizacion, enviarFormulario, formulario, png } from "@/test-support/forms";
import { freshOrigin, insertPlan } from "@/test-support/plans";
import { call, confirmedUser } from "@/test-support/users";
import { mensajes } from "@/lib/messages";
import { worker } from "@/test-support/worker";

const db = () => process.env.DATABASE_URL!;

async function org(extra: Record<string, string | undefined> = {}, conLogo = true) {
  return formulario({
    ...camposOrganizacion(),
    ...extra,
    ...(conLogo ? { archivoLogo: { bytes: await png(120, 120), nombre: "logo.png" } } : {}),
  });
}

describe("organizations API", () => {
  it("creates, lists, shows with its listed plans, updates and deletes an organization", async () => {
    const u = await confirmedUser();
    const creada = await enviarFormulario("POST", "/api/organizacion", await org(), u.token);
    expect(creada.status).toBe(201);
    expect(creada.body).toMatchObject({
      mensaje: mensajes.orgCreada,
      organizacion: {
        nombre: "Peña El Cierzo",
        direccion: "Calle Mayor 3",
        emailContacto: "pena@example.com",
        archivoLogo: { width: 120, height: 120, contentType: "image/webp" },
      },
    });
    const id = (creada.body.organizacion as { _id: string })._id;

    const lista = await call("GET", "/api/organizacion/organizaciones-usuario", { token: u.token });
    expect((lista.body as unknown as { _id: string }[]).map((o) => o._id)).toEqual([id]);

    const visible = await insertPlan({ usuarioId: u.id, origin: await freshOrigin(), titulo: "De la peña" });
    const oculto = await insertPlan({ usuarioId: u.id, origin: await freshOrigin(), titulo: "Oculto", visible: false });
    await query(db(), "UPDATE plan SET organizacion_id = $1 WHERE id = ANY($2::uuid[])", [id, [visible, oculto]]);
    const detalle = await call("GET", `/api/organizacion/detalle/${id}`);
    expect(detalle.status).toBe(200);
    expect((detalle.body.planes as { _id: string; organizacion: unknown }[]).map((p) => p._id)).toEqual([visible]);
    expect((detalle.body.planes as { organizacion: unknown }[])[0].organizacion).toEqual({
      _id: id,
      nombre: "Peña El Cierzo",
    });

    const logoViejo = (
      await query<{ variantes: Record<string, string> }>(
        db(),
        "SELECT a.variantes FROM organizacion o JOIN archivo a ON a.id = o.archivo_logo_id WHERE o.id = $1",
        [id],
      )
    )[0].variantes;
    const cambio = formulario({
      nombre: "Peña Renovada",
      direccion: "Plaza 2",
      emailContacto: "nueva@example.com",
      telefonoContacto: "",
      archivoLogo: { bytes: await png(90, 90), nombre: "l2.png" },
    });
    const act = await enviarFormulario("PATCH", `/api/organizacion/${id}`, cambio, u.token);
    expect(act).toMatchObject({
      status: 200,
      body: {
        mensaje: mensajes.datosActualizados,
        organizacion: {
          nombre: "Peña Renovada",
          descripcion: "Peña de **amigos**",
          telefonoContacto: null,
          archivoLogo: { width: 90 },
        },
      },
    });
    for (const key of Object.values(logoViejo)) expect(existsSync(path.join(worker().storageDir, key))).toBe(false);

    expect(await call("DELETE", `/api/organizacion/${id}`, { token: u.token })).toMatchObject({
      status: 200,
      body: { mensaje: mensajes.orgEliminada },
    });
    const [plan] = await query<{ organizacion_id: string | null }>(
      db(),
      "SELECT organizacion_id FROM plan WHERE id = $1",
      [visible],
    );
    expect(plan).toEqual({ organizacion_id: null });
    expect((await call("GET", `/api/organizacion/detalle/${id}`)).status).toBe(404);
    expect((await call("GET", "/api/organizacion/organizaciones-usuario", { token: u.token })).body).toEqual([]);
  });

  it("checks the rules of spec §5 with their messages", async () => {
    const u = await confirmedUser();
    const cases: [Record<string, string | undefined>, boolean, string][] = [
      [{ nombre: "" }, true, mensajes.orgObligatoriosCrear],
      [{ emailContacto: "" }, true, mensajes.orgObligatoriosCrear],
      [{}, false, mensajes.orgObligatoriosCrear],
      [{ emailContacto: "pena@correo" }, true, mensajes.correoFormato],
      [{ nombre: "n".repeat(51) }, true, mensajes.campoLargo],
      [{ direccion: "d".repeat(51) }, true, mensajes.campoLargo],
      [{ telefonoContacto: "6".repeat(51) }, true, mensajes.campoLargo],
    ];
    for (const [extra, conLogo, mensaje] of cases) {
      expect(
        await enviarFormulario("POST", "/api/organizacion", await org(extra, conLogo), u.token),
        JSON.stringify(extra),
      ).toEqual({ status: 400, body: { mensaje } });
    }
    // Creation does not require the address; an update does.
    const sinDireccion = await enviarFormulario(
      "POST",
      "/api/organizacion",
      await org({ direccion: undefined }),
      u.token,
    );
    expect(sinDireccion.status).toBe(201);
    const id = (sinDireccion.body.organizacion as { _id: string })._id;
    expect(await enviarFormulario("PATCH", `/api/organizacion/${id}`, formulario({ nombre: "Otra" }), u.token)).toEqual(
      {
        status: 400,
        body: { mensaje: mensajes.orgObligatoriosActualizar },
      },
    );
    expect((await enviarFormulario("POST", "/api/organizacion", await org())).status).toBe(401);
  });

  it("lets only the owner change or delete it", async () => {
    const owner = await confirmedUser();
    const other = await confirmedUser();
    const { body } = await enviarFormulario("POST", "/api/organizacion", await org(), owner.token);
    const id = (body.organizacion as { _id: string })._id;
    const antes = await query(db(), "SELECT nombre, fecha_actualizacion FROM organizacion WHERE id = $1", [id]);
    expect(
      await enviarFormulario("PATCH", `/api/organizacion/${id}`, formulario({ nombre: "Mía" }), other.token),
    ).toEqual({ status: 403, body: { mensaje: mensajes.orgAjena } });
    expect((await enviarFormulario("PATCH", `/api/organizacion/${id}`, formulario({ nombre: "Mía" }))).status).toBe(
      401,
    );
    expect(await call("DELETE", `/api/organizacion/${id}`, { token: other.token })).toMatchObject({ status: 403 });
    expect((await call("DELETE", `/api/organizacion/${id}`)).status).toBe(401);
    expect(await query(db(), "SELECT nombre, fecha_actualizacion FROM organizacion WHERE id = $1", [id])).toEqual(
      antes,
    );
    expect((await call("GET", "/api/organizacion/detalle/no-existe")).status).toBe(404);
  });
});
