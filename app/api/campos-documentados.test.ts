import { describe, expect, it } from "vitest";
import { api } from "@/test-support/api";
import { query } from "@/test-support/database";
import { camposEvento, camposOrganizacion, enviarFormulario, formulario, png } from "@/test-support/forms";
import { freshOrigin, insertPlan } from "@/test-support/plans";
import { call, confirmedUser } from "@/test-support/users";

const db = () => process.env.DATABASE_URL!;
const ARCHIVO = ["url", "nombre", "path", "contentType", "md5sum", "hash", "width", "height"].sort();

describe("the fields of spec §3 in every answer", () => {
  it("gives every plan answer `visible`, and the owner's list its hidden plans too", async () => {
    const u = await confirmedUser();
    const publicado = await enviarFormulario(
      "POST",
      "/api/plan",
      formulario({ ...camposEvento(), archivoCartel: { bytes: await png(), nombre: "c.png" } }),
      u.token,
    );
    expect(publicado.body.plan).toMatchObject({ visible: true });
    const id = (publicado.body.plan as { _id: string })._id;
    const oculto = await enviarFormulario(
      "POST",
      "/api/plan",
      formulario({ ...camposEvento(), titulo: "Oculto", archivoCartel: { bytes: await png(), nombre: "c.png" } }),
      u.token,
    );
    const ocultoId = (oculto.body.plan as { _id: string })._id;
    await query(db(), "UPDATE plan SET visible = false WHERE id = $1", [ocultoId]);

    const propios = (await call("GET", "/api/plan/planesUsuario", { token: u.token })).body as unknown as {
      _id: string;
      visible: boolean;
    }[];
    expect(propios.map((p) => [p._id, p.visible]).sort()).toEqual(
      [
        [id, true],
        [ocultoId, false],
      ].sort(),
    );
    expect((await (await api(`/api/plan/detalle/${id}`)).json()).visible).toBe(true);
    // The search at a place of its own, where other tests' plans never crowd the first page.
    const origin = await freshOrigin();
    const listado = await insertPlan({ usuarioId: u.id, origin });
    await insertPlan({ usuarioId: u.id, origin, visible: false });
    const busqueda = await (await api(`/api/plan?lng=${origin.lng}&lat=${origin.lat}`)).json();
    expect(busqueda.planes.map((p: { _id: string; visible: boolean }) => [p._id, p.visible])).toEqual([
      [listado, true],
    ]);
    await call("POST", `/api/plan/agregar-plan-favorito/${id}`, { token: u.token });
    const favoritos = (await call("GET", "/api/plan/planesFavoritos", { token: u.token })).body as unknown as {
      visible: boolean;
    }[];
    expect(favoritos[0].visible).toBe(true);
  });

  it("gives the poster's File object its storage path next to url, nombre, contentType, md5sum, hash, width and height", async () => {
    const u = await confirmedUser();
    const r = await enviarFormulario(
      "POST",
      "/api/plan",
      formulario({ ...camposEvento(), archivoCartel: { bytes: await png(70, 50), nombre: "c.png" } }),
      u.token,
    );
    const plan = r.body.plan as { _id: string; archivoCartel: Record<string, unknown> };
    expect(Object.keys(plan.archivoCartel).sort()).toEqual(ARCHIVO);
    const [{ path }] = await query<{ path: string }>(
      db(),
      "SELECT a.path FROM plan p JOIN archivo a ON a.id = p.archivo_cartel_id WHERE p.id = $1",
      [plan._id],
    );
    expect(plan.archivoCartel.path).toBe(path);
    expect((await (await api(`/api/plan/detalle/${plan._id}`)).json()).archivoCartel.path).toBe(path);
  });

  it("lists the user's organizations with their logo's path and their `planes`", async () => {
    const u = await confirmedUser();
    const creada = await enviarFormulario(
      "POST",
      "/api/organizacion",
      formulario({ ...camposOrganizacion(), archivoLogo: { bytes: await png(90, 90), nombre: "l.png" } }),
      u.token,
    );
    const org = creada.body.organizacion as { _id: string; archivoLogo: Record<string, unknown> };
    expect(Object.keys(org.archivoLogo).sort()).toEqual(ARCHIVO);
    const plan = await enviarFormulario(
      "POST",
      "/api/plan",
      formulario({
        ...camposEvento(),
        organizacionId: org._id,
        archivoCartel: { bytes: await png(), nombre: "c.png" },
      }),
      u.token,
    );
    const planId = (plan.body.plan as { _id: string })._id;

    const lista = (await call("GET", "/api/organizacion/organizaciones-usuario", { token: u.token }))
      .body as unknown as {
      _id: string;
      planes: { _id: string; organizacion: unknown }[];
      archivoLogo: { path: string };
    }[];
    expect(lista).toHaveLength(1);
    expect(lista[0].planes.map((p) => p._id)).toEqual([planId]);
    expect(lista[0].planes[0].organizacion).toEqual({ _id: org._id, nombre: "Peña El Cierzo" });
    const [{ path }] = await query<{ path: string }>(
      db(),
      "SELECT a.path FROM organizacion o JOIN archivo a ON a.id = o.archivo_logo_id WHERE o.id = $1",
      [org._id],
    );
    expect(lista[0].archivoLogo.path).toBe(path);
    expect((await call("GET", `/api/organizacion/detalle/${org._id}`)).body).toMatchObject({
      archivoLogo: { path },
      planes: [{ _id: planId }],
    });
  });
});
