import { generateCryptoKeyPair, signRequest } from "@fedify/fedify";
import { Accept, CryptographicKey, Delete, Follow, Person, Tombstone, Undo } from "@fedify/vocab";
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { query } from "@/test-support/database";
import { insertPlan, insertUser } from "@/test-support/plans";
import { planPath } from "@/lib/plans/plan";
import { servidorLocal } from "@/test-support/servidor-local";
import { appUrl } from "@/test-support/worker";

const db = () => process.env.DATABASE_URL!;
const AP = "application/activity+json";

/** Another server of the fediverse, on 127.0.0.1: one person, Ana, whose inbox keeps what it gets. */
const remoto = servidorLocal();
const recibidas: unknown[] = [];

async function ana() {
  const { privateKey, publicKey } = await generateCryptoKeyPair("RSASSA-PKCS1-v1_5");
  const id = new URL(`${remoto.base}/users/ana`);
  const clave = new URL(`${id.href}#main-key`);
  const persona = new Person({
    id,
    preferredUsername: "ana",
    inbox: new URL(`${remoto.base}/users/ana/inbox`),
    publicKey: new CryptographicKey({ id: clave, owner: id, publicKey }),
  });
  const json = JSON.stringify(await persona.toJsonLd());
  remoto.rutas.set("/users/ana", (_req, res) => res.writeHead(200, { "content-type": AP }).end(json));
  remoto.rutas.set("/users/ana/inbox", (req, res) => {
    let cuerpo = "";
    req.on("data", (c) => (cuerpo += c));
    req.on("end", () => {
      recibidas.push(JSON.parse(cuerpo));
      res.writeHead(202).end();
    });
  });
  /** Ana's activity, signed with her key (or another one, as someone posing as her), POSTed to `bandeja`. */
  const enviar = async (bandeja: string, actividad: Follow | Undo | Delete, firma = privateKey) => {
    const peticion = new Request(bandeja, {
      method: "POST",
      headers: { "content-type": AP },
      body: JSON.stringify(await actividad.toJsonLd()),
    });
    return fetch(await signRequest(peticion, firma, clave));
  };
  return { id, enviar };
}

/** Until `cumple` holds (received activities go through the queue), for at most 10 s. */
async function hasta(cumple: () => Promise<boolean> | boolean): Promise<void> {
  const limite = Date.now() + 10_000;
  while (!(await cumple()) && Date.now() < limite) await new Promise((r) => setTimeout(r, 50));
}

const seguidores = async (actor: string) =>
  (await query<{ seguidor: string }>(db(), "SELECT seguidor FROM federacion_seguidor WHERE actor = $1", [actor])).map(
    (f) => f.seguidor,
  );

describe("a town on the fediverse", () => {
  it("is found by WebFinger and answers its actor to a server, its page to a browser", async () => {
    const host = new URL(appUrl()).host;
    const wf = await fetch(`${appUrl()}/.well-known/webfinger?resource=acct:vinuesa@${host}`);
    expect(wf.status).toBe(200);
    const self = ((await wf.json()) as { links: { rel: string; href: string }[] }).links.find((l) => l.rel === "self");
    expect(self?.href).toBe(`${appUrl()}/ap/municipios/42215`);
    expect((await fetch(`${appUrl()}/.well-known/webfinger?resource=acct:nadadenada@${host}`)).status).toBe(404);

    const actor = (await (await fetch(self!.href, { headers: { accept: AP } })).json()) as Record<string, unknown>;
    expect(actor).toMatchObject({
      type: "Group",
      preferredUsername: "vinuesa",
      name: "Vinuesa",
      summary: "Planes en Vinuesa y alrededores, Soria",
      url: `${appUrl()}/planes/soria/vinuesa`,
      inbox: `${appUrl()}/ap/municipios/42215/bandeja`,
    });
    expect((actor.publicKey as { publicKeyPem: string }).publicKeyPem).toMatch(/BEGIN PUBLIC KEY/);
    const navegador = await fetch(self!.href, { headers: { accept: "text/html" }, redirect: "manual" });
    expect(navegador.status).toBe(303);
    expect(navegador.headers.get("location")).toBe(`${appUrl()}/planes/soria/vinuesa`);
  });

  it("is found from its page's link, which says it varies by Accept to browsers and servers alike", async () => {
    const servidor = await fetch(`${appUrl()}/planes/soria/vinuesa`, { headers: { accept: AP }, redirect: "manual" });
    expect(servidor.status).toBe(303);
    expect(new URL(servidor.headers.get("location")!, appUrl()).href).toBe(`${appUrl()}/ap/municipios/42215`);
    expect(servidor.headers.get("vary")).toMatch(/\bAccept\b/);
    for (let i = 0; i < 2; i++) {
      const pagina = await fetch(`${appUrl()}/planes/soria/vinuesa`, { headers: { accept: "text/html" } });
      expect(pagina.status).toBe(200);
      expect(pagina.headers.get("vary")).toMatch(/(^|, *)Accept(,|$)/);
    }
  });

  it("shows a plan as an Event to a server, from its page's link too, and the page to a browser", async () => {
    const usuarioId = await insertUser();
    const dias = [3, 10].map((d) => new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + d * 86_400_000));
    const id = await insertPlan({
      usuarioId,
      origin: { lat: 41.912, lng: -2.759 },
      titulo: "Teatro en la plaza",
      municipio: "Vinuesa",
      municipioIne: "42215",
      fechas: dias.map((inicio, i) => ({ inicio, fin: null, titulo: i === 0 ? "Estreno" : "Segunda función" })),
    });
    const objeto = `${appUrl()}/ap/planes/${id}`;
    const desdeLaPagina = await fetch(`${appUrl()}${planPath("Teatro en la plaza", id)}`, {
      headers: { accept: AP },
      redirect: "manual",
    });
    expect(desdeLaPagina.status).toBe(303);
    expect(new URL(desdeLaPagina.headers.get("location")!, appUrl()).href).toBe(objeto);

    const evento = (await (await fetch(objeto, { headers: { accept: AP } })).json()) as Record<string, unknown>;
    expect(evento).toMatchObject({
      id: objeto,
      type: "Event",
      name: "Teatro en la plaza",
      attributedTo: `${appUrl()}/ap/sitio`,
      startTime: dias[0].toISOString().replace(".000Z", "Z"),
      url: `${appUrl()}${planPath("Teatro en la plaza", id)}`,
      location: { type: "Place", latitude: expect.closeTo(41.912, 1), longitude: expect.closeTo(-2.759, 1) },
    });
    expect(evento.summary).toMatch(/^\p{Lu}\p{Ll}{2} \d{1,2} \p{Ll}{3}.* · \d\d:\d\d · .*Vinuesa/u);
    expect(evento.content).toContain("Segunda función");
    expect((evento.tag as { name: string }[]).map((t) => t.name)).toEqual(["#Vinuesa", "#Soria"]);
    // What Mobilizon reads beyond ActivityStreams, in terms its context names.
    expect(evento).toMatchObject({
      category: "MEETING",
      joinMode: "external",
      externalParticipationUrl: `${appUrl()}${planPath("Teatro en la plaza", id)}`,
      timezone: "Europe/Madrid",
      location: {
        address: { type: "PostalAddress", addressLocality: "Vinuesa", addressRegion: "Soria", addressCountry: "ES" },
      },
    });
    expect(JSON.stringify(evento["@context"])).toContain("https://joinmobilizon.org/ns#");

    const navegador = await fetch(objeto, { headers: { accept: "text/html" }, redirect: "manual" });
    expect(navegador.status).toBe(303);
    expect(navegador.headers.get("location")).toBe(`${appUrl()}${planPath("Teatro en la plaza", id)}`);
    await query(db(), "UPDATE plan SET visible = false WHERE id = $1", [id]);
    expect((await fetch(objeto, { headers: { accept: AP } })).status).toBe(404);
  });

  it("has each organization as an actor, found by its handle, the author of its plans' Events", async () => {
    const usuarioId = await insertUser();
    const nombre = `Peña ${randomUUID().slice(0, 8)}`;
    const [{ id: org }] = await query<{ id: string }>(
      db(),
      "INSERT INTO organizacion (nombre, direccion, email_contacto, usuario_id, descripcion) VALUES ($1, 'Plaza Mayor, 1', 'pena@example.com', $2, 'Fiestas y **mus**') RETURNING id",
      [nombre, usuarioId],
    );
    const host = new URL(appUrl()).host;
    const handle = nombre.toLowerCase().replace("ñ", "n").replace(" ", "-");
    const wf = (await (await fetch(`${appUrl()}/.well-known/webfinger?resource=acct:${handle}@${host}`)).json()) as {
      links: { rel: string; href: string }[];
    };
    const actorUrl = `${appUrl()}/ap/organizaciones/${org}`;
    expect(wf.links.find((l) => l.rel === "self")?.href).toBe(actorUrl);
    const actor = (await (await fetch(actorUrl, { headers: { accept: AP } })).json()) as Record<string, unknown>;
    expect(actor).toMatchObject({
      type: "Organization",
      preferredUsername: handle,
      name: nombre,
      summary: "Fiestas y mus",
    });
    const navegador = await fetch(actorUrl, { headers: { accept: "text/html" }, redirect: "manual" });
    expect(navegador.headers.get("location")).toContain(`/org/`);

    const plan = await insertPlan({ usuarioId, origin: { lat: 41.91, lng: -2.76 }, titulo: "Campeonato de mus" });
    await query(db(), "UPDATE plan SET organizacion_id = $1 WHERE id = $2", [org, plan]);
    const evento = (await (await fetch(`${appUrl()}/ap/planes/${plan}`, { headers: { accept: AP } })).json()) as {
      attributedTo: string;
    };
    expect(evento.attributedTo).toBe(actorUrl);

    // Renamed, it keeps its actor; its new handle finds it, and so does the old one for a while.
    const nuevo = `${nombre} de Vinuesa`;
    await query(db(), "UPDATE organizacion SET nombre = $1, fecha_actualizacion = now() WHERE id = $2", [nuevo, org]);
    const nuevoHandle = `${handle}-de-vinuesa`;
    for (const h of [nuevoHandle, handle]) {
      const r = (await (await fetch(`${appUrl()}/.well-known/webfinger?resource=acct:${h}@${host}`)).json()) as {
        links: { rel: string; href: string }[];
      };
      expect([h, r.links.find((l) => l.rel === "self")?.href]).toEqual([h, actorUrl]);
    }
    const renombrado = (await (await fetch(actorUrl, { headers: { accept: AP } })).json()) as Record<string, unknown>;
    expect(renombrado.preferredUsername).toBe(nuevoHandle);
    await query(db(), "UPDATE federacion_nombre SET retirado = now() - interval '91 days' WHERE nombre = $1", [handle]);
    expect((await fetch(`${appUrl()}/.well-known/webfinger?resource=acct:${handle}@${host}`)).status).toBe(404);
  });

  it("says what it runs (NodeInfo) and which is its instance actor", async () => {
    const enlaces = (await (await fetch(`${appUrl()}/.well-known/nodeinfo`)).json()) as {
      links: { rel: string; href: string }[];
    };
    const nodeinfo = (await (await fetch(enlaces.links[0].href)).json()) as Record<string, unknown>;
    expect(nodeinfo).toMatchObject({ version: "2.1", protocols: ["activitypub"], software: { name: "planazo" } });
    const sitio = enlaces.links.find((l) => l.rel === "https://www.w3.org/ns/activitystreams#Application")!;
    const app = (await (await fetch(sitio.href, { headers: { accept: AP } })).json()) as { type: string };
    expect(app.type).toBe("Application");
  });

  // Deliveries waited for one after another: on a loaded machine, more than the default 30 s.
  it("accepts a signed Follow at once and keeps the follower; an Undo or their account's Delete ends it; unsigned, forged or huge posts are refused", async () => {
    const { id, enviar } = await ana();
    const municipio = new URL(`${appUrl()}/ap/municipios/42215`);
    const bandeja = `${municipio.href}/bandeja`;
    const follow = new Follow({ id: new URL(`${id.href}#follow-1`), actor: id, object: municipio });

    const sinFirma = await fetch(bandeja, {
      method: "POST",
      headers: { "content-type": AP },
      body: JSON.stringify(await follow.toJsonLd()),
    });
    expect(sinFirma.status).toBe(401);
    const otra = await generateCryptoKeyPair("RSASSA-PKCS1-v1_5");
    expect((await enviar(bandeja, follow, otra.privateKey)).status).toBe(401);
    expect(await seguidores("municipios/42215")).toEqual([]);

    expect((await enviar(bandeja, follow)).status).toBe(202);
    const aceptacion = () =>
      recibidas.find((a) => {
        const { type, object } = a as { type: string; object?: { id?: string } | string };
        return type === "Accept" && (typeof object === "string" ? object : object?.id) === follow.id!.href;
      });
    await hasta(() => aceptacion() !== undefined);
    expect(await seguidores("municipios/42215")).toEqual([id.href]);
    const aceptado = await Accept.fromJsonLd(aceptacion());
    expect(aceptado.actorId?.href).toBe(municipio.href);
    expect(aceptado.objectId?.href).toBe(follow.id!.href);

    // A follow of a town that does not exist, through the shared inbox: acknowledged, not kept.
    const aNadie = new Follow({
      id: new URL(`${id.href}#follow-3`),
      actor: id,
      object: new URL(`${appUrl()}/ap/municipios/99999`),
    });
    expect((await enviar(`${appUrl()}/ap/bandeja`, aNadie)).status).toBe(202);

    const undo = new Undo({ id: new URL(`${id.href}#undo-1`), actor: id, object: follow });
    expect((await enviar(bandeja, undo)).status).toBe(202);
    await hasta(async () => (await seguidores("municipios/42215")).length === 0);
    expect(await seguidores("municipios/42215")).toEqual([]);
    expect(await seguidores("municipios/99999")).toEqual([]);

    const enorme = await fetch(bandeja, {
      method: "POST",
      headers: { "content-type": AP },
      body: JSON.stringify({ relleno: "x".repeat(1024 * 1024) }),
    });
    expect(enorme.status).toBe(413);

    // Her account deleted on her server (her actor now 410): its Delete, signed with the key we
    // know, ends every follow of hers.
    const otraVez = new Follow({ id: new URL(`${id.href}#follow-4`), actor: id, object: municipio });
    expect((await enviar(bandeja, otraVez)).status).toBe(202);
    await hasta(async () => (await seguidores("municipios/42215")).includes(id.href));
    remoto.rutas.set("/users/ana", (_req, res) => res.writeHead(410).end());
    const baja = new Delete({ id: new URL(`${id.href}#delete`), actor: id, object: new Tombstone({ id }) });
    expect((await enviar(`${appUrl()}/ap/bandeja`, baja)).status).toBe(202);
    await hasta(async () => (await seguidores("municipios/42215")).length === 0);
    expect(await seguidores("municipios/42215")).toEqual([]);
  }, 60_000);
});
