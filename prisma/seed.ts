/**
 * Demo data: deterministic (a seeded PRNG; dates relative to the seeding day in Madrid, each
 * plan's template one whose season holds its date, so a San Juan verbena is in June), no
 * downloads. Users, organizations, ≥ 400 plans over ≥ 60 municipalities in 13 areas of
 * Spain (small towns first), both types, every category, some featured, some finished, two
 * sponsor items, posters drawn with sharp. Demo login: demo@planazo.es / planazo-demo.
 *
 *   tsx prisma/seed.ts [--reset]     (DATABASE_URL or the local cluster)
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { hashPassword } from "better-auth/crypto";
import type { PrismaClient } from "../lib/db/client";
import { type Dia, diaDeLaSemana, diaEnMadrid, fechasTexto, instanteEnMadrid, sumarDias } from "../lib/dates";
import { imageKeys, storeImage, type StoredImage } from "../lib/media/images";
import { categoriaCartel, diasTexto } from "../lib/plans/texto";
import { planPath } from "../lib/plans/plan";
import { AGENDAS } from "../lib/fuentes/agendas";
import { FORMAS } from "../lib/fuentes/agendas/muestras";
import { site } from "../lib/site";
import { type FileStorage, storage as defaultStorage } from "../lib/media/storage";
import { dibujarCartel, dibujarLogo } from "./seed-images";
import { cabeEnTemporada, type Temporada, ventanaDe } from "./temporadas";

export const DEMO_LOGIN = { correo: "demo@planazo.es", password: "planazo-demo" } as const;
/** The demo's back-office admin. */
export const DEMO_ADMIN = { correo: "admin@planazo.es", password: "planazo-admin" } as const;
const DEMO_ID_PREFIX = "demo-";

interface Contenido {
  usuarios: { nombre: string }[];
  organizaciones: { nombre: string; descripcion: string; telefonoContacto: string; emailLocal: string }[];
  planes: {
    titulo: string;
    tipo: "evento" | "experiencia";
    categorias: string[];
    descripcion: string;
    precio: number | null;
    duracionHoras?: number;
    dias?: number;
    horaInicio?: string;
    horario?: { dias: number[]; horaInicio: string; horaFin: string };
    /** When in the year it can happen (prisma/temporadas.ts); any day when absent. */
    temporada?: Temporada;
    /** The weekday an event's first day is (0 = Sunday), when its programme names its days. */
    diaSemana?: number;
    /** What the place must have: only the areas that have it get the plan. */
    lugar?: Lugar;
    /** A programme: its acts, each on a day counted from the first (0), at its hour, for its hours (1.5 by default). */
    programa?: { dia: number; hora: string; horas?: number; titulo: string; lugar?: string }[];
  }[];
}

type Plantilla = Contenido["planes"][number];

/**
 * What a plan may need of its place: the sea (a surf class), or olive groves (an oil mill, the
 * new oil's fair). Rivers and reservoirs are everywhere inland, so nothing marks them.
 */
type Lugar = "costa" | "olivar";

/** Areas with a handful of towns each, so a radius search around any of them finds plans. */
const ZONAS: { centro: string; provincia: string; tiene?: Lugar[] }[] = [
  { centro: "Albarracín", provincia: "Teruel" },
  // Two of its towns (Ribadesella, Caravia) are on the sea, the rest in the Picos de Europa.
  { centro: "Cangas de Onís", provincia: "Asturias" },
  { centro: "Ezcaray", provincia: "La Rioja" },
  { centro: "Capileira", provincia: "Granada", tiene: ["olivar"] },
  // The gazetteer's Zahara is Zahara de la Sierra, inland (Zahara de los Atunes is a village of Barbate).
  { centro: "Zahara", provincia: "Cádiz", tiene: ["olivar"] },
  { centro: "Buitrago del Lozoya", provincia: "Madrid" },
  { centro: "Aínsa-Sobrarbe", provincia: "Huesca" },
  { centro: "Hervás", provincia: "Cáceres", tiene: ["olivar"] },
  { centro: "Morella", provincia: "Castellón", tiene: ["olivar"] },
  { centro: "Sigüenza", provincia: "Guadalajara" },
  // On the Ría de Arousa and the bays of Pollença and Alcúdia: every town around is a short drive from a beach.
  { centro: "Cambados", provincia: "Pontevedra", tiene: ["costa"] },
  { centro: "Pollença", provincia: "Illes Balears", tiene: ["costa", "olivar"] },
  { centro: "Covarrubias", provincia: "Burgos" },
];
const PUEBLOS_POR_ZONA = 6;

const DIRECCIONES = [
  "Plaza Mayor, 1",
  "Calle Mayor, 12",
  "Plaza de la Iglesia, 3",
  "Paseo del Río, s/n",
  "Ermita de San Roque",
  "Polideportivo municipal",
  "Casa de Cultura, Calle Real 5",
  "Centro de Interpretación",
  "Camino de la Fuente, s/n",
  "Calle del Horno, 8",
  "Plaza del Ayuntamiento, 1",
  "Frontón municipal",
  "Área recreativa La Alameda",
];

/** mulberry32: small, fast and good enough for demo data; same seed, same data. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
  };
}

function slug(texto: string): string {
  return texto
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ".")
    .replace(/^\.|\.$/g, "");
}

/** The "when" line of a demo poster: an event's dates, or the days an experience opens. */
function cuandoEnCartel(
  t: Contenido["planes"][number],
  fechaInicio: Date | null,
  fechaFin: Date | null,
): string | undefined {
  if (t.tipo === "experiencia" && t.horario) {
    const { dias, horaInicio, horaFin } = t.horario;
    return diasTexto(dias.map((diaSemana) => ({ diaSemana, horaInicio, horaFin })));
  }
  return fechasTexto(fechaInicio?.toISOString() ?? null, fechaFin?.toISOString() ?? null) ?? undefined;
}

interface Pueblo {
  ine: string;
  nombre: string;
  lat: number;
  lng: number;
  /** The town its area is named after. */
  zona: string;
  tiene: Lugar[];
}

async function elegirPueblos(prisma: PrismaClient): Promise<Pueblo[]> {
  const elegidos = new Map<string, Pueblo>();
  for (const { centro: nombre, provincia, tiene = [] } of ZONAS) {
    const rows = await prisma.$queryRaw<Omit<Pueblo, "zona" | "tiene">[]>`
      WITH centro AS (
        SELECT lat, lng FROM municipio
        WHERE lat IS NOT NULL AND planazo_sin_articulo(nombre) = planazo_sin_articulo(${nombre})
          AND planazo_normaliza(provincia) = planazo_normaliza(${provincia})
        LIMIT 1)
      SELECT m.ine, m.nombre, m.lat, m.lng FROM municipio m, centro c
      WHERE m.lat IS NOT NULL
        AND ST_DWithin(ST_MakePoint(m.lng, m.lat)::geography, ST_MakePoint(c.lng, c.lat)::geography, 30000)
      ORDER BY ST_Distance(ST_MakePoint(m.lng, m.lat)::geography, ST_MakePoint(c.lng, c.lat)::geography), m.ine
      LIMIT ${PUEBLOS_POR_ZONA}`;
    if (rows.length === 0) throw new Error(`seed: the gazetteer has no ${nombre} (${provincia})`);
    for (const r of rows) elegidos.set(r.ine, { ...r, zona: nombre, tiene });
  }
  return [...elegidos.values()];
}

/**
 * Whether a template can be a plan in a town from `dia` on: the town's area has what it needs,
 * its season holds all its days (an experience's weeks are its season's), and an event whose
 * programme names its days starts on the first.
 */
function encaja(t: Plantilla, pueblo: Pueblo, dia: Dia): boolean {
  if (t.lugar && !pueblo.tiene.includes(t.lugar)) return false;
  if (t.diaSemana !== undefined && diaDeLaSemana(dia) !== t.diaSemana) return false;
  return !t.temporada || cabeEnTemporada(t.temporada, dia, t.tipo === "evento" ? (t.dias ?? 1) : 1);
}

/** A demo user, an organization and a plan as chosen before anything is written. */
interface UsuarioDemo {
  id: string;
  name: string;
  email: string;
}
interface OrganizacionDemo {
  indice: number;
  nombre: string;
  descripcion: string;
  direccion: string;
  usuarioId: string;
  email: string;
  telefono: string;
}

/**
 * Everything the demo holds for a day, chosen before anything is written: the same gazetteer
 * and day give the same users, organizations and plans (titles, towns, places, dates,
 * contacts), which is what makes `--reset` recreate the same demo.
 */
export async function demoDelDia(prisma: PrismaClient, hoy: Dia) {
  const contenido = JSON.parse(
    readFileSync(path.join(import.meta.dirname, "..", "data", "demo", "contenido.json"), "utf8"),
  ) as Contenido;
  const pueblos = await elegirPueblos(prisma);
  const r = prng(20240720);
  const usuarios: UsuarioDemo[] = contenido.usuarios.map((u, i) => ({
    id: `${DEMO_ID_PREFIX}${String(i + 1).padStart(2, "0")}`,
    name: u.nombre,
    email: i === 0 ? DEMO_LOGIN.correo : `${slug(u.nombre)}@demo.planazo.es`,
  }));
  const organizaciones: OrganizacionDemo[] = contenido.organizaciones.map((o, i) => ({
    indice: i,
    nombre: o.nombre,
    descripcion: o.descripcion,
    direccion: `Plaza Mayor, 1, ${pueblos[(i * 7) % pueblos.length].nombre}`.slice(0, 50),
    usuarioId: usuarios[i % 6].id,
    email: `${o.emailLocal}@demo.planazo.es`,
    telefono: o.telefonoContacto,
  }));
  const TOTAL = 440;
  const orden = contenido.planes.map((_, n) => n);
  for (let n = orden.length - 1; n > 0; n--) {
    const k = r.int(0, n);
    [orden[n], orden[k]] = [orden[k], orden[n]];
  }
  // The day comes first and then a template that fits it, so a season's plans appear only in
  // season; among those that fit, the least used so far (on a tie, the first in the shuffled
  // order), so the templates share the plans evenly.
  const usos = contenido.planes.map(() => 0);
  const specs = Array.from({ length: TOTAL }, (_, i) => {
    const pueblo = pueblos[i % pueblos.length];
    const usuario = usuarios[r.int(0, usuarios.length - 1)];
    const orgsDelUsuario = organizaciones.filter((o) => o.usuarioId === usuario.id);
    const org = orgsDelUsuario.length > 0 && r.chance(0.6) ? r.pick(orgsDelUsuario) : null;
    // Near-term dates are the common case; about one plan in eight has already finished.
    const desplazamiento = r.chance(0.12) ? -r.int(3, 40) : r.chance(0.5) ? r.int(0, 14) : r.int(15, 100);
    const dia = sumarDias(hoy, desplazamiento);
    let elegida = -1;
    for (const n of orden) {
      if (encaja(contenido.planes[n], pueblo, dia) && (elegida < 0 || usos[n] < usos[elegida])) elegida = n;
    }
    usos[elegida]++;
    const t = contenido.planes[elegida];
    const temporada = t.temporada ? ventanaDe(t.temporada, dia) : null;
    let fechaInicio: Date | null = null;
    let fechaFin: Date | null = null;
    // A programme's acts are its dates; its span runs from the first to the last.
    const fechas = (t.programa ?? []).map((a) => {
      const inicio = instanteEnMadrid(sumarDias(dia, a.dia), a.hora);
      return {
        inicio,
        fin: new Date(inicio.getTime() + (a.horas ?? 1.5) * 3_600_000),
        titulo: a.titulo,
        direccion: a.lugar ?? null,
      };
    });
    if (fechas.length > 0) {
      fechaInicio = fechas[0].inicio;
      fechaFin = new Date(Math.max(...fechas.map((f) => f.fin.getTime())));
    } else if (t.tipo === "evento") {
      fechaInicio = instanteEnMadrid(dia, t.horaInicio ?? "18:00");
      fechaFin = t.dias
        ? instanteEnMadrid(sumarDias(dia, t.dias - 1), "23:30")
        : new Date(fechaInicio.getTime() + (t.duracionHoras ?? 2) * 3_600_000);
    } else if (temporada) {
      // A seasonal experience opens every week of its season, and only then.
      fechaInicio = instanteEnMadrid(temporada.desde, "00:00");
      fechaFin = instanteEnMadrid(temporada.hasta, "23:59");
    } else if (desplazamiento < 0) {
      fechaInicio = instanteEnMadrid(sumarDias(hoy, desplazamiento - 60), "00:00");
      fechaFin = instanteEnMadrid(sumarDias(hoy, desplazamiento), "23:59");
    } else if (r.chance(0.4)) {
      fechaInicio = instanteEnMadrid(sumarDias(hoy, -r.int(0, 30)), "00:00");
      fechaFin = instanteEnMadrid(sumarDias(hoy, r.int(30, 180)), "23:59");
    }
    const conContacto = org !== null || r.chance(0.3);
    return {
      i,
      t,
      pueblo,
      usuario,
      org,
      fechaInicio,
      fechaFin,
      fechas,
      // The poster's words: its category is the one the plan's card shows under it.
      cartel: { categoria: categoriaCartel(t.categorias), cuando: cuandoEnCartel(t, fechaInicio, fechaFin) },
      lat: pueblo.lat + (r.next() - 0.5) * 0.012,
      lng: pueblo.lng + (r.next() - 0.5) * 0.016,
      direccion: `${r.pick(DIRECCIONES)}, ${pueblo.nombre}`,
      email: conContacto ? (org?.email ?? usuario.email) : null,
      telefono: conContacto ? (org?.telefono ?? null) : null,
      creado: instanteEnMadrid(sumarDias(hoy, -r.int(1, 60)), "10:00"),
    };
  });
  return { pueblos, usuarios, organizaciones, planes: specs };
}

export interface SeedOptions {
  reset?: boolean;
  /** The day the demo calendar is built around (default: today in Madrid). */
  hoy?: Dia;
  storage?: FileStorage;
}

/**
 * An address of the demo's sources on this app: "localhost" written as 127.0.0.1, because the fetcher
 * of sources allows only 127.0.0.0/8 in a demo and "localhost" also resolves to ::1.
 */
function urlDeLaDemo(ruta: string): string {
  const url = new URL(ruta, site().url);
  if (url.hostname === "localhost") url.hostname = "127.0.0.1";
  return url.href;
}

async function borrarDemo(prisma: PrismaClient, files: FileStorage): Promise<void> {
  const archivos = await prisma.archivo.findMany({
    where: {
      OR: [
        { cartelDePlan: { usuarioId: { startsWith: DEMO_ID_PREFIX } } },
        { logoDeOrganizacion: { usuarioId: { startsWith: DEMO_ID_PREFIX } } },
        { cartelDePatrocinio: { isNot: null } },
      ],
    },
    select: { id: true, variantes: true },
  });
  await prisma.$transaction([
    // The demo's reports are by demo users; a report outlives its reporter otherwise.
    prisma.reporte.deleteMany({ where: { usuarioId: { startsWith: DEMO_ID_PREFIX } } }),
    prisma.user.deleteMany({ where: { id: { startsWith: DEMO_ID_PREFIX } } }),
    prisma.patrocinio.deleteMany({}),
    prisma.archivo.deleteMany({ where: { id: { in: archivos.map((a) => a.id) } } }),
  ]);
  await files.remove(archivos.flatMap((a) => imageKeys(a.variantes)));
}

export async function seedDemo(prisma: PrismaClient, options: SeedOptions = {}): Promise<string> {
  const files = options.storage ?? defaultStorage();
  const existing = await prisma.user.count({ where: { id: { startsWith: DEMO_ID_PREFIX } } });
  if (existing > 0 && !options.reset) {
    return `demo data already there (${existing} demo users); run with --reset to recreate it`;
  }
  if (existing > 0 || options.reset) await borrarDemo(prisma, files);

  const demo = await demoDelDia(prisma, options.hoy ?? diaEnMadrid());
  const { usuarios, pueblos } = demo;
  const ahora = new Date();
  // One plan in 16 is featured, for two to six weeks from now (as if bought by the week).
  const destacadoHasta = (i: number) =>
    i % 16 === 3 ? new Date(ahora.getTime() + (2 + (i % 5)) * 7 * 86_400_000) : null;
  const stored: StoredImage[] = [];
  const guardarImagen = async (folder: "carteles" | "logos" | "patrocinios", nombre: string, png: Buffer) => {
    const img = await storeImage(files, folder, nombre, png);
    stored.push(img);
    return img;
  };

  try {
    // Users (one password hash each, as better-auth's credential accounts keep them)
    // Every demo user has the same password, so one scrypt hash serves them all.
    const hash = await hashPassword(DEMO_LOGIN.password);
    await prisma.user.createMany({
      data: usuarios.map(({ id, name, email }) => ({ id, name, email, emailVerified: true })),
    });
    await prisma.account.createMany({
      data: usuarios.map((u) => ({
        id: `${u.id}-credential`,
        accountId: u.id,
        providerId: "credential",
        userId: u.id,
        password: hash,
      })),
    });
    // The team: one admin for the back-office at /gestion.
    const admin = { id: `${DEMO_ID_PREFIX}admin`, name: "Equipo Planazo", email: DEMO_ADMIN.correo };
    await prisma.user.create({ data: { ...admin, emailVerified: true, rol: "admin" } });
    await prisma.account.create({
      data: {
        id: `${admin.id}-credential`,
        accountId: admin.id,
        providerId: "credential",
        userId: admin.id,
        password: await hashPassword(DEMO_ADMIN.password),
      },
    });

    // Organizations, owned by the first users (the demo user runs two)
    const orgIds: string[] = [];
    for (const [i, o] of demo.organizaciones.entries()) {
      const logo = await guardarImagen("logos", `logo-${slug(o.nombre)}.png`, await dibujarLogo(o.nombre, i));
      const org = await prisma.organizacion.create({
        data: {
          nombre: o.nombre,
          descripcion: o.descripcion,
          direccion: o.direccion,
          emailContacto: o.email,
          telefonoContacto: o.telefono,
          usuario: { connect: { id: o.usuarioId } },
          archivoLogo: { create: { ...logo } },
          // The first one verified by the team, so the demo shows the "Verificada" badge.
          ...(i === 0 ? { verificada: true, verificadaEn: new Date() } : {}),
        },
      });
      orgIds.push(org.id);
    }

    // Plans: every choice was made first (demoDelDia, so the PRNG sequence never depends on
    // timing); now the posters four at a time, then the rows.
    const specs = demo.planes;
    const carteles: StoredImage[] = [];
    for (let start = 0; start < specs.length; start += 4) {
      carteles.push(
        ...(await Promise.all(
          specs
            .slice(start, start + 4)
            .map(async ({ i, t, pueblo, cartel }) =>
              guardarImagen(
                "carteles",
                `cartel-${slug(t.titulo)}.png`,
                await dibujarCartel(t.titulo, cartel.categoria, pueblo.nombre, i + 11, cartel.cuando),
              ),
            ),
        )),
      );
    }
    const planIds: string[] = [];
    let finalizados = 0;
    for (const [n, s] of specs.entries()) {
      const { i, t, pueblo } = s;
      const cartel = carteles[n];
      if (s.fechaFin && s.fechaFin < ahora) finalizados++;
      const rows = await prisma.$queryRaw<{ id: string }[]>`
        WITH archivo AS (
          INSERT INTO archivo (nombre, path, url, content_type, md5sum, hash, width, height, size, variantes)
          VALUES (${cartel.nombre}, ${cartel.path}, ${cartel.url}, ${cartel.contentType}, ${cartel.md5sum}, ${cartel.hash},
                  ${cartel.width}, ${cartel.height}, ${cartel.size}, ${JSON.stringify(cartel.variantes)}::jsonb)
          RETURNING id)
        INSERT INTO plan (titulo, descripcion, tipo, destacado_hasta, visible, precio, municipio, municipio_ine, direccion,
                          ubicacion, fecha_inicio, fecha_fin, categorias, enlace_web_exterior, email_contacto,
                          telefono_contacto, archivo_cartel_id, usuario_id, organizacion_id, fecha_creacion)
        SELECT ${t.titulo}, ${t.descripcion}, ${t.tipo}::tipo_plan, ${destacadoHasta(i)}::timestamptz, ${i % 97 !== 50}, ${t.precio}::numeric,
               ${pueblo.nombre}, ${pueblo.ine}, ${s.direccion},
               ST_SetSRID(ST_MakePoint(${s.lng}, ${s.lat}), 4326)::geography, ${s.fechaInicio}, ${s.fechaFin},
               ${t.categorias}::text[]::categoria[],
               ${i % 41 === 7 ? `https://turismo.example/planes/${slug(t.titulo)}` : null},
               ${s.email}, ${s.telefono}, archivo.id, ${s.usuario.id}, ${s.org ? orgIds[s.org.indice] : null}::uuid, ${s.creado}
        FROM archivo
        RETURNING id`;
      const planId = rows[0].id;
      planIds.push(planId);
      if (s.fechas.length > 0) {
        // Its acts replace the one date its INSERT gave it; the dates' trigger keeps span, count and titles.
        await prisma.$executeRaw`DELETE FROM plan_fecha WHERE plan_id = ${planId}::uuid`;
        await prisma.$executeRaw`
          INSERT INTO plan_fecha (plan_id, inicio, fin, titulo, direccion)
          SELECT ${planId}::uuid, * FROM unnest(${s.fechas.map((f) => f.inicio)}::timestamptz[],
            ${s.fechas.map((f) => f.fin)}::timestamptz[], ${s.fechas.map((f) => f.titulo)}::text[],
            ${s.fechas.map((f) => f.direccion)}::text[])`;
      }
      if (t.horario) {
        const { dias, horaInicio, horaFin } = t.horario;
        await prisma.horarioDisponible.createMany({
          data: dias.map((diaSemana) => ({ planId, diaSemana, horaInicio, horaFin })),
        });
      }
    }

    // Sponsor items
    const PATROCINIOS = [
      {
        empresa: "Eurona",
        enlaceEmpresa: "https://www.eurona.es",
        titulo: "Internet por satélite en tu pueblo",
        descripcion: "Conexión a internet de alta velocidad allí donde no llega la fibra.",
      },
      {
        empresa: "Quesos La Serrana",
        enlaceEmpresa: "https://quesoslaserrana.example",
        titulo: "Quesos artesanos de la sierra",
        descripcion: "Visita nuestra quesería y prueba los quesos de leche cruda de oveja.",
      },
    ];
    for (const [i, p] of PATROCINIOS.entries()) {
      const cartel = await guardarImagen(
        "patrocinios",
        `patrocinio-${slug(p.empresa)}.png`,
        await dibujarCartel(p.titulo, null, p.empresa, 900 + i),
      );
      await prisma.patrocinio.create({ data: { ...p, orden: i + 1, archivoCartel: { create: { ...cartel } } } });
    }

    // Two plans reported by visitors, with their reasons, so the back-office's queue has something to show
    const reportados = await prisma.plan.findMany({
      where: { id: { in: planIds.slice(20, 22) } },
      select: { id: true, titulo: true },
    });
    const motivos = [
      [{ motivo: "spam", detalle: null }],
      [
        { motivo: "caducado", detalle: null },
        { motivo: "otro", detalle: "El teléfono del cartel no contesta y en el pueblo nadie sabe nada." },
      ],
    ];
    for (const [i, p] of reportados.entries()) {
      await prisma.reporte.createMany({
        data: motivos[i].map((m, k) => ({
          ...m,
          titulo: p.titulo,
          urlPlan: `${site().url}${planPath(p.titulo, p.id)}`,
          planId: p.id,
          usuarioId: usuarios[(k + 2) % usuarios.length].id,
          createdAt: new Date(ahora.getTime() - (k + 1) * 3_600_000),
        })),
      });
    }

    // A few saved plans for the demo user
    await prisma.favorito.createMany({
      data: planIds.slice(0, 8).map((planId) => ({ usuarioId: usuarios[0].id, planId })),
    });

    // A calendar the demo user's organization connected, served by this very app (public/demo/):
    // `npm run demo` syncs it once the app answers, so imported plans show with no internet.
    await prisma.fuente.create({
      data: {
        nombre: "Agenda del Valle del Ambroz",
        url: urlDeLaDemo("/demo/agenda-valle-ambroz.ics"),
        tipo: "ics",
        usuarioId: usuarios[0].id,
        organizacionId: orgIds[0],
      },
    });

    // The regions' agendas as the team adds them, served by this app too (app/demo/agendas).
    for (const a of AGENDAS) {
      await prisma.fuente.create({
        data: {
          nombre: a.etiqueta,
          url: urlDeLaDemo(`/demo/agendas${FORMAS[a.tipo].ejemplo}`),
          tipo: a.tipo,
          usuarioId: admin.id,
        },
      });
    }

    return [
      `demo data: ${usuarios.length} users, ${orgIds.length} organizations, ${planIds.length} plans`,
      `in ${pueblos.length} municipalities (${finalizados} already finished), ${PATROCINIOS.length} sponsor items`,
      `demo login: ${DEMO_LOGIN.correo} / ${DEMO_LOGIN.password}; back-office (/gestion): ${DEMO_ADMIN.correo} / ${DEMO_ADMIN.password}`,
    ].join("\n");
  } catch (error) {
    // Nothing half-written: remove what was inserted and the files drawn so far.
    await prisma.user.deleteMany({ where: { id: { startsWith: DEMO_ID_PREFIX } } }).catch(() => {});
    await prisma.archivo.deleteMany({ where: { path: { in: stored.map((s) => s.path) } } }).catch(() => {});
    await files.remove(stored.flatMap((s) => imageKeys(s.variantes)));
    throw error;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await import("../scripts/lib/load-env");
  const { createPrismaClient } = await import("../lib/db/client");
  const prisma = createPrismaClient();
  try {
    console.log(await seedDemo(prisma, { reset: process.argv.includes("--reset") }));
  } finally {
    await prisma.$disconnect();
  }
}
