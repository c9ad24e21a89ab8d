import { esIdioma, IDIOMA_POR_DEFECTO, type Idioma } from "../idiomas";
import { enIdioma, espacioDe } from "../catalogo";
import "server-only";
import type { PrismaClient } from "../db/client";
import { cuandoEventoTexto, diaEnMadrid, DIAS_SEMANA, instanteEnMadrid, lunesDe, sumarDias, type Dia } from "../dates";
import { enqueueEmail } from "../mail/outbox";
import { correoResumenSemanal, type PlanDelResumen, type SeccionResumen } from "../mail/templates";
import { variantUrl } from "../media/variant-url";
import { conDatos, mensajes } from "../messages";
import { POR_PAGINA, type Categoria } from "../plans/constants";
import type { PlanApi } from "../plans/plan";
import { cuandoVariasTexto } from "../plans/texto";
import type { FechasDeResultado } from "../plans/fechas";
import { busquedaSchema } from "../busqueda/schemas";
import { buscarPlanes, soloPlanes, type PlanBuscado } from "../busqueda/buscar";
import { leerEstado, urlBusqueda } from "../busqueda/estado";
import { absoluta, site } from "../site";
import type { Categoria as CategoriaDb } from "../generated/prisma/enums";
import { organizacionConPlanes } from "../organizaciones/organizaciones";
import { organizacionPath } from "../organizaciones/paths";
import { aviso, encolarPush } from "../avisos/cola";
import { clavePersona, crearEnlaceGestion, dePrisma, type Persona } from "./seguimientos";

/** At most this many plans per list of a town, nearest first (featured first, as the search orders). */
export const PLANES_POR_LISTA = 8;
/** "New" plans are looked for among the search's first pages (the nearest ones). */
const PAGINAS_NUEVOS = 3;
const DIA_MS = 86_400_000;

/** The ISO week of a Madrid day, e.g. '2026-W48': the key of "once a week". */
export function semanaIso(dia: Dia): string {
  const jueves = sumarDias(lunesDe(dia), 3);
  const enero1 = Date.UTC(jueves.year, 0, 1);
  const n = Math.floor((Date.UTC(jueves.year, jueves.month - 1, jueves.day) - enero1) / (7 * DIA_MS)) + 1;
  return `${jueves.year}-W${String(n).padStart(2, "0")}`;
}

/** Friday 00:00 to Sunday 23:59:59.999 (Madrid) of the week of `ahora`, from `ahora` at the earliest. */
export function findeDe(ahora: Date): { desde: Date; hasta: Date } {
  const lunes = lunesDe(diaEnMadrid(ahora));
  const viernes = instanteEnMadrid(sumarDias(lunes, 4), "00:00");
  return {
    desde: viernes > ahora ? viernes : ahora,
    hasta: new Date(instanteEnMadrid(sumarDias(lunes, 7), "00:00").getTime() - 1),
  };
}

interface Seguimiento {
  radio: number;
  categorias: CategoriaDb[];
  municipio: { nombre: string; lat: number | null; lng: number | null };
}

/** The plans of the home search (lib/plans, the one search function) of a follow, on one page, and their total. */
async function buscar(
  s: Seguimiento,
  page: number,
  ventana?: { desde: Date; hasta: Date },
): Promise<{ planes: PlanBuscado[]; total: number }> {
  const q = busquedaSchema.parse({
    lat: String(s.municipio.lat),
    lng: String(s.municipio.lng),
    radio: String(s.radio),
    categorias: dePrisma(s.categorias).join(","),
    page: String(page),
    limit: String(POR_PAGINA),
    ...(ventana && { fechaInicioFiltro: ventana.desde.toISOString(), fechaFinFiltro: ventana.hasta.toISOString() }),
  });
  const { planes, total } = await buscarPlanes(q);
  return { planes: soloPlanes(planes), total };
}

function cuando(p: PlanApi & Partial<FechasDeResultado>): string | null {
  if (p.tipo === "experiencia") {
    const dias = [...new Set(p.horariosDisponibles.map((h) => h.diaSemana))].sort(
      (a, b) => ((a + 6) % 7) - ((b + 6) % 7),
    );
    return dias.length > 0 ? `Abierto ${dias.map((d) => DIAS_SEMANA[d]).join(", ")}` : null;
  }
  // An e-mail is read on another day: the date its window found, never "hoy".
  return cuandoVariasTexto(p, { hoy: null }) ?? cuandoEventoTexto(p.fechaInicio, p.fechaFin);
}

const delResumen = (p: PlanApi & Partial<FechasDeResultado>): PlanDelResumen => ({
  titulo: p.titulo,
  url: p.urlPlan,
  cuando: cuando(p),
  donde: p.distancia ? `${p.municipio} · a ${p.distancia.replace("km", " km")}` : p.municipio,
  cartel: p.archivoCartel ? variantUrl(p.archivoCartel.url, "tarjeta") : null,
});

/**
 * One town's part: the plans of Friday to Sunday, and the plans published in the last 7 days
 * that are still to come (not already in the weekend's list). Empty lists: nothing to say.
 */
export async function seccionDe(
  s: Seguimiento,
  ahora: Date,
): Promise<SeccionResumen & { totalFinde: number; ruta: string }> {
  const delFinde = await buscar(s, 1, findeDe(ahora));
  const finde = delFinde.planes.slice(0, PLANES_POR_LISTA);
  const vistos = new Set(finde.map((p) => p._id));
  const desde = ahora.getTime() - 7 * DIA_MS;
  const nuevos: PlanBuscado[] = [];
  for (let page = 1; page <= PAGINAS_NUEVOS && nuevos.length < PLANES_POR_LISTA; page++) {
    const { planes } = await buscar(s, page);
    for (const p of planes) {
      if (!vistos.has(p._id) && new Date(p.fechaCreacion).getTime() >= desde && nuevos.length < PLANES_POR_LISTA)
        nuevos.push(p);
    }
    if (planes.length < POR_PAGINA - 1) break;
  }
  const categorias: Categoria[] = s.categorias.length > 0 ? dePrisma(s.categorias) : ["Otros"];
  const ruta = urlBusqueda({
    ...leerEstado({}),
    municipio: s.municipio.nombre,
    lat: s.municipio.lat,
    lng: s.municipio.lng,
    radio: s.radio,
    categorias,
  });
  return {
    nombre: s.municipio.nombre,
    radio: s.radio,
    totalFinde: delFinde.total,
    ruta,
    url: `${site().url}${ruta}`,
    finde: finde.map(delResumen),
    nuevos: nuevos.map(delResumen),
  };
}

/** An organization's part: its plans published in the last 7 days that are still to come. */
export async function seccionDeOrganizacion(id: string, ahora: Date): Promise<SeccionResumen | null> {
  const org = await organizacionConPlanes(id);
  if (!org) return null;
  const desde = ahora.getTime() - 7 * DIA_MS;
  const nuevos = org.planes
    .filter((p) => new Date(p.fechaCreacion).getTime() >= desde)
    .slice(0, PLANES_POR_LISTA)
    .map(delResumen);
  return {
    nombre: org.nombre,
    radio: null,
    url: `${site().url}${organizacionPath(org.nombre, org._id)}`,
    finde: [],
    nuevos,
  };
}

/**
 * "Este finde cerca de X", or "… de X y N pueblos más" for several; with organizations only,
 * "Planes nuevos de Y".
 */
export function asuntoResumen(secciones: SeccionResumen[], idioma: Idioma = IDIOMA_POR_DEFECTO): string {
  const pueblos = secciones.filter((s) => s.radio !== null);
  if (pueblos.length === 0)
    return conDatos(enIdioma(mensajes.resumenAsuntoOrganizacion, idioma), { organizacion: secciones[0].nombre });
  const [primera, ...resto] = pueblos;
  return resto.length === 0
    ? conDatos(enIdioma(mensajes.resumenAsunto, idioma), { municipio: primera.nombre })
    : conDatos(enIdioma(mensajes.resumenAsuntoVarios, idioma), {
        municipio: primera.nombre,
        n: String(resto.length),
      });
}

/**
 * The Thursday e-mail: for each person with confirmed follows (users with a confirmed,
 * unsuspended account; addresses that confirmed), one e-mail with a section per town and per
 * organization that has something to say, through the outbox; and for users who want it on
 * their devices, one notification per followed town with plans this weekend, in the same
 * transaction. Once per person and ISO week: the (person, week) row of
 * resumen_semanal is claimed in the transaction that writes the e-mail, so a second run, or two
 * at once (the second waits on the first's row, then finds it taken), sends nothing again. A
 * person with nothing to say gets no e-mail, and the week is claimed all the same.
 */
export async function enviarResumenes(
  prisma: PrismaClient,
  ahora = new Date(),
): Promise<{ personas: number; enviados: number; sinPlanes: number; avisos: number }> {
  const semana = semanaIso(diaEnMadrid(ahora));
  const filas = await prisma.seguimiento.findMany({
    where: {
      confirmadoEn: { not: null },
      OR: [
        { usuarioId: null },
        {
          usuario: { emailVerified: true, suspendidoEn: null, OR: [{ resumenCorreo: true }, { resumenPush: true }] },
        },
      ],
    },
    select: {
      usuarioId: true,
      email: true,
      radio: true,
      categorias: true,
      municipioIne: true,
      municipio: { select: { nombre: true, lat: true, lng: true } },
      organizacionId: true,
      idioma: true,
      usuario: { select: { email: true, idioma: true, resumenCorreo: true, resumenPush: true } },
    },
    orderBy: [{ creadoEn: "asc" }, { id: "asc" }],
  });
  const porPersona = new Map<string, { persona: Persona; to: string; seguimientos: typeof filas }>();
  for (const f of filas) {
    const persona: Persona = f.usuarioId ? { usuarioId: f.usuarioId } : { email: f.email! };
    const clave = clavePersona(persona);
    const grupo = porPersona.get(clave) ?? { persona, to: f.usuario?.email ?? f.email!, seguimientos: [] };
    grupo.seguimientos.push(f);
    porPersona.set(clave, grupo);
  }
  let enviados = 0;
  let sinPlanes = 0;
  let avisos = 0;
  for (const [clave, { persona, to, seguimientos }] of porPersona) {
    const yaHecho = await prisma.resumenSemanal.findUnique({ where: { persona_semana: { persona: clave, semana } } });
    if (yaHecho) continue;
    // An address without an account has only the e-mail; a user chooses in the profile.
    const usuario = seguimientos[0].usuario;
    // A user's language is the profile's; an address's, that of the page where it last asked.
    const idioma = esIdioma(usuario?.idioma)
      ? usuario.idioma
      : esIdioma(seguimientos[0].idioma)
        ? seguimientos[0].idioma
        : IDIOMA_POR_DEFECTO;
    const porCorreo = usuario?.resumenCorreo ?? true;
    const porPush = Boolean(usuario?.resumenPush);
    const secciones: SeccionResumen[] = [];
    const findes: { ine: string; nombre: string; ruta: string; total: number }[] = [];
    // Towns first, in the order they were followed; then organizations.
    for (const s of seguimientos) {
      if (!s.municipio || s.radio === null || s.municipio.lat === null || s.municipio.lng === null) continue;
      const { totalFinde, ruta, ...seccion } = await seccionDe({ ...s, radio: s.radio, municipio: s.municipio }, ahora);
      if (seccion.finde.length + seccion.nuevos.length > 0) secciones.push(seccion);
      if (totalFinde > 0) findes.push({ ine: s.municipioIne!, nombre: seccion.nombre, ruta, total: totalFinde });
    }
    if (porCorreo) {
      for (const s of seguimientos) {
        if (!s.organizacionId) continue;
        const seccion = await seccionDeOrganizacion(s.organizacionId, ahora);
        if (seccion && seccion.nuevos.length > 0) secciones.push(seccion);
      }
    }
    const correo = porCorreo && secciones.length > 0;
    const envio = await prisma.$transaction(async (tx) => {
      const reclamado = await tx.$executeRaw`
        INSERT INTO resumen_semanal (persona, semana, enviado) VALUES (${clave}, ${semana}, ${correo})
        ON CONFLICT DO NOTHING`;
      if (reclamado === 0) return "otro" as const;
      if (porPush && persona.usuarioId) {
        for (const f of findes) {
          const t = espacioDe(idioma, "avisos");
          const titulo = conDatos(f.total === 1 ? t.avisoFindeUno : t.avisoFinde, {
            municipio: f.nombre,
            n: String(f.total),
          });
          avisos += await encolarPush(
            tx,
            [persona.usuarioId],
            `finde:${f.ine}:${semana}`,
            aviso(titulo, t.avisoFindeCuerpo, f.ruta, idioma),
            ahora,
          );
        }
      }
      if (!correo) return "vacio" as const;
      const token = await crearEnlaceGestion(tx, persona);
      const { url } = site();
      await enqueueEmail(
        tx,
        correoResumenSemanal(
          to,
          asuntoResumen(secciones, idioma),
          secciones,
          {
            gestionar: absoluta(idioma, `/seguimientos/gestionar/${token}`),
            baja: `${url}/api/seguimientos/baja?token=${token}`,
          },
          idioma,
        ),
      );
      return "enviado" as const;
    });
    if (envio === "enviado") enviados++;
    if (envio === "vacio") sinPlanes++;
  }
  return { personas: porPersona.size, enviados, sinPlanes, avisos };
}
