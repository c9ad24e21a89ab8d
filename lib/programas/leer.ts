import { type Dia, diaIso, instanteEnMadrid, isoMadrid } from "../dates";
import type { Categoria } from "../plans/constants";
import { categoriasDelPrograma } from "./categorias";
import {
  type Contexto,
  type Encabezado,
  antesQue,
  diaSemana,
  diasDelActo,
  leerContexto,
  leerEncabezado,
  leerMes,
  masDias,
  resolverDia,
} from "./dias";
import {
  PROSA_INICIO,
  continuacion,
  horaInicial,
  horasEnCifras,
  horasEnProsa,
  minutos,
  parteDelDia,
  sinGuias,
} from "./horas";
import { limpiarTitulo, lugarDeFrase, separarLugar, soloLugar } from "./lugares";
import { encabezaLista, esRuido, esSaludo } from "./ruido";
import { MAYUSCULA_INICIAL, comoNombre, enCapitales, frases, plano } from "./texto";

/**
 * A town hall's fiesta programme, as plain text, read into its acts: day headings, hours,
 * titles and places, in Spanish or Catalan, in the many ways programmes write them (see
 * fixtures/corpus/README.md for the reading each of 34 programmes expects). Pure: no I/O.
 */

export interface ActoLeido {
  /** ISO with Madrid's offset; for an act without an hour of its own, the start of the act before (aContinuacion) or its day at 00:00. */
  inicio: string;
  /** ISO with Madrid's offset when an end hour is written ("De 10:00 a 14:00"), else null. */
  fin: string | null;
  titulo: string;
  /** The place's words as written, without "en la", "Lugar:", brackets; a route "desde X hasta Y" whole. */
  direccion: string | null;
  aContinuacion: boolean;
  sinHora: boolean;
  /** YYYY-MM-DD of the heading's day when the act is after midnight listed under the day before. */
  noche: string | null;
  /** 1-based line it was read from. */
  linea: number;
}

export interface ProgramaLeido {
  titulo: string | null;
  categorias: Categoria[];
  actos: ActoLeido[];
  /** Lines that are no act, heading, title nor noise a programme usually prints. */
  sinLeer: { linea: number; texto: string }[];
}

/** Consecutive lines read together: a line and its continuation (an indented line, "Lugar: …"). */
interface Bloque {
  texto: string;
  /** Each line's number, its words as written and where they start in `texto`. */
  lineas: { numero: number; texto: string; desde: number }[];
}

/** When an act happens as its sentence says it: its hours, or right after the act before. */
interface Momento {
  hora: string | null;
  fin: string | null;
  aContinuacion: boolean;
  /** Whether its words are prose after "a las 20:00 horas" ("comenzará la verbena…"). */
  prosa: boolean;
}

const momento = (hora: string | null, fin: string | null, aContinuacion = false, prosa = false): Momento => ({
  hora,
  fin,
  aContinuacion,
  prosa,
});

/** "…la misa solemne, seguida de la procesión", "…, y a continuación habrá…": a second act right after the first. */
const SEGUIDA_DE =
  /,?\s+(?:seguid[ao]s? del?\s+(?:(?:la|el|los|las)\s+)?|(?:y|i)\s+(?:a continuaci[oó]n?|seguidamente|despu[eé]s|tot seguit),?\s+)/u;

/** An act as its sentence gives it, before it has a day. */
interface Parcial extends Momento {
  texto: string;
  lugar: string | null;
  mayusculas: boolean;
  linea: number;
}

const BOLO = /^[\-–—•·*]\s*/u;
const CON_BOLO = /^[\-–—•·*]\s/u;

/** An indented line that names only a place under its act ("  Plaza Mayor"). */
const esLineaDeLugar = (linea: string, anterior: string) =>
  MAYUSCULA_INICIAL.test(linea) &&
  !/[.;:]$/.test(linea) &&
  !/\d/.test(linea) &&
  linea.split(/\s+/).length <= 8 &&
  !/,$/.test(anterior);

/** A line that opens an act or a day of its own, so never continues the one before. */
const abre = (linea: string) =>
  CON_BOLO.test(linea) ||
  !!horaInicial(linea) ||
  !!continuacion(linea) ||
  parteDelDia(linea) !== null ||
  !!leerEncabezado(linea);

const sangria = (linea: string) => /^\s*/.exec(linea.replace(/\t/g, "    "))![0].length;

/** A line that is only an hour or "A continuación:", whose act is written on the next line. */
const soloMomento = (linea: string) => (horaInicial(linea) ?? continuacion(linea))?.resto.trim() === "";

/**
 * The lines of a text grouped into blocks: a line and those that continue it (more indented than
 * it, "Lugar: …", in lower case after words without their full stop, or the act under a line
 * that is only its hour). Each line's spoken hours are rewritten in digits and its dotted leader
 * with its hour first.
 */
function bloques(texto: string): Bloque[] {
  const salida: Bloque[] = [];
  let actual: (Bloque & { sangria: number }) | null = null;
  texto.split(/\r?\n/).forEach((cruda, i) => {
    const original = cruda.trim();
    const linea = sinGuias(horasEnCifras(original));
    if (!linea) {
      actual = null;
      return;
    }
    const anterior: string = actual?.texto ?? "";
    // In a table, a line that starts with a tab leaves its hour's column empty: an act of its own.
    const columnaVacia = /^\t/.test(cruda) && anterior.includes("\t");
    const sangrada = actual !== null && sangria(cruda) > actual.sangria + 1 && !columnaVacia;
    const sigue =
      actual &&
      !abre(linea) &&
      (soloMomento(anterior) ||
        sangrada ||
        /^(?:lugar|lloc)\s*:/u.test(plano(linea)) ||
        (/^\p{Ll}/u.test(original) && !/[.!?]$/.test(anterior)));
    if (!actual || !sigue) {
      actual = { texto: linea, lineas: [{ numero: i + 1, texto: original, desde: 0 }], sangria: sangria(cruda) };
      salida.push(actual);
      return;
    }
    const pieza = sangrada && esLineaDeLugar(linea, anterior) ? `Lugar: ${linea}` : linea;
    // A piece that starts a sentence after words without their full stop gets one.
    const union = /[.;:!?]$/.test(anterior) || !MAYUSCULA_INICIAL.test(pieza) ? " " : ". ";
    actual.texto += union;
    actual.lineas.push({ numero: i + 1, texto: original, desde: actual.texto.length });
    actual.texto += pieza;
  });
  return salida;
}

/** Title festive words that tell the programme's title line from the town hall's. */
const FESTIVO =
  /(?<!\p{L})(?:fiestas?|festa|festes|feria|fira|semana|carnaval|carnestoltes|navidad|nadal|reyes|reis|romeria|revetlla|verbena|magosto|dia del|jornadas?|festival|aplec|certamen|muestra)(?!\p{L})/u;

/** The programme's title in its header line: its part with a festive word, without the town after a dash. */
function tituloDe(linea: string): string | null {
  if (linea.length > 100 || esRuido(linea)) return null;
  const partes = linea.split(/\s+[–—·|]\s+|\s+-\s+/);
  const parte = partes.find((p) => FESTIVO.test(plano(p)));
  return parte ? comoNombre(parte) : null;
}

/** The day "YYYY-MM-DD…" is written on (a reference date, an ISO instant with Madrid's offset). */
function diaDe(fecha: string): Dia {
  const [anio, mes, dia] = fecha.slice(0, 10).split("-").map(Number);
  return { year: anio, month: mes, day: dia };
}

export function leerPrograma(texto: string, opciones: { referencia: string }): ProgramaLeido {
  const nfc = texto.normalize("NFC");
  const referencia = diaDe(opciones.referencia);
  const actos: ActoLeido[] = [];
  const sinLeer: { linea: number; texto: string }[] = [];
  const contexto: Contexto = {};
  const veces = new Map<string, number>();
  for (const l of nfc.split(/\r?\n/)) veces.set(l.trim(), (veces.get(l.trim()) ?? 0) + 1);
  let titulo: string | null = null;
  let primeraDeCabecera: string | null = null;

  /** The heading being read: its words, where its day was looked for from, the day, its acts so far, and whether one was past midnight or during the day. */
  const jornada = {
    encabezado: null as Encabezado | null,
    desde: referencia,
    dia: null as Dia | null,
    actos: [] as ActoLeido[],
    noche: false,
    diurno: false,
  };

  const primerDesde = (conNumero: boolean): Dia => {
    let inicio = referencia;
    if (contexto.anio && contexto.anio > inicio.year) inicio = { year: contexto.anio, month: 1, day: 1 };
    if (contexto.inicio) {
      const { dia, mes } = contexto.inicio;
      // A heading with its day's number is looked for from a week before the range the header
      // gives: an eve's acts come before it ("del 14 al 17", and the 13th's pregón), and a range
      // misread ("Es y 10 de agosto" for "8, 9 y 10") must not push the first day a year on.
      // A weekday alone is the range's.
      const rango = resolverDia({ dia, mes, anio: contexto.anio }, inicio);
      const desde = rango && (conNumero ? masDias(rango, -7) : rango);
      if (desde && antesQue(inicio, desde)) inicio = desde;
    }
    return inicio;
  };

  const abrirDia = (e: Encabezado) => {
    const anterior = jornada.dia;
    const desde = !anterior
      ? primerDesde(e.dia !== undefined)
      : e.dia === undefined && e.pascua === undefined
        ? masDias(anterior, 1)
        : anterior;
    let dia = resolverDia(e, desde, anterior ? undefined : contexto.mes);
    // A day before the one above (a PDF's columns stored in another order, a day added at the
    // foot) fits its weekday only in the programme's own year, not a year or more on.
    if (anterior && dia && e.diaSemana !== undefined && diaSemana(dia) !== e.diaSemana) {
      const antes = resolverDia(e, primerDesde(e.dia !== undefined));
      if (antes && diaSemana(antes) === e.diaSemana) dia = antes;
    }
    if (!dia) return false;
    Object.assign(jornada, { encabezado: e, desde, dia, actos: [], noche: false, diurno: false });
    return true;
  };

  const iso = (fecha: Dia, hora: string) => isoMadrid(instanteEnMadrid(fecha, hora).toISOString());

  /** An act's day and instants, from the heading's day and the acts before it under that heading. */
  const registrar = (p: Parcial) => {
    const { titulo: t, lugar } = p.lugar
      ? { titulo: p.texto, lugar: p.lugar }
      : separarLugar(p.prosa ? p.texto.replace(PROSA_INICIO, "") : p.texto, p.mayusculas);
    const tituloActo = limpiarTitulo(t);
    const { dia, actos: previos } = jornada;
    if (!tituloActo || !dia) return;
    const siguiente = masDias(dia, 1);
    const previo = previos.at(-1);
    let inicio: string;
    let hora: string;
    let fechaNoche: string | null = null;
    if (p.hora) {
      const m = minutos(p.hora);
      // 00:00–05:59 after the day's acts (or 24:00) is the night after the heading's day.
      const trasMedianoche = p.hora === "24:00" || (m < 360 && (jornada.noche || jornada.diurno));
      if (trasMedianoche) jornada.noche = true;
      else if (!jornada.noche) jornada.diurno = true;
      hora = p.hora === "24:00" ? "00:00" : p.hora;
      inicio = iso(jornada.noche ? siguiente : dia, hora);
      if (trasMedianoche) fechaNoche = diaIso(dia);
    } else if (p.aContinuacion && previo) {
      inicio = previo.inicio;
      hora = previo.inicio.slice(11, 16);
      fechaNoche = previo.noche;
    } else {
      hora = "00:00";
      inicio = iso(jornada.noche ? siguiente : dia, hora);
      if (jornada.noche) fechaNoche = diaIso(dia);
    }
    let fin: string | null = null;
    if (p.fin) {
      const fecha = diaDe(inicio);
      const pasa = p.fin === "24:00" || minutos(p.fin) <= minutos(hora);
      fin = iso(pasa ? masDias(fecha, 1) : fecha, p.fin === "24:00" ? "00:00" : p.fin);
    }
    const acto: ActoLeido = {
      inicio,
      fin,
      titulo: tituloActo,
      direccion: lugar,
      aContinuacion: p.aContinuacion && !!previo,
      sinHora: !p.hora,
      noche: fechaNoche,
      linea: p.linea,
    };
    actos.push(acto);
    previos.push(acto);
  };

  /** The acts of a block's text from `base` on; how many. */
  const leerActos = (bloque: Bloque, base: number): number => {
    const texto = bloque.texto.slice(base);
    const mayusculas = enCapitales(texto);
    const parciales: Parcial[] = [];
    const lineaDe = (i: number) => bloque.lineas.findLast((l) => l.desde <= base + i)!.numero;

    /** A clause's acts: its own, then one for each later "a las …" and "seguida de …" in it. */
    const clausulas = (texto: string, desde: number, propio: Momento) => {
      const linea = lineaDe(desde);
      const anclas = horasEnProsa(texto);
      const trozos = [{ momento: propio, texto: texto.slice(0, anclas[0]?.desde ?? texto.length) }];
      anclas.forEach((a, i) =>
        trozos.push({ momento: momento(a.hora, null, false, true), texto: texto.slice(a.hasta, anclas[i + 1]?.desde) }),
      );
      for (const { momento: m, texto: t } of trozos) {
        const [suyo, ...despues] = t.replace(/,?\s+(?:y|i|e)\s*$/u, "").split(SEGUIDA_DE);
        parciales.push({ ...m, texto: suyo, lugar: null, mayusculas, linea });
        for (const d of despues) {
          parciales.push({ ...momento(null, null, true, true), texto: d, lugar: null, mayusculas, linea });
        }
      }
    };

    /** A clause's acts, the first at a place already read. */
    const conLugar = (texto: string, desde: number, propio: Momento, lugar: string | null) => {
      const antes = parciales.length;
      clausulas(texto, desde, propio);
      if (lugar && parciales[antes]) parciales[antes].lugar = lugar;
    };

    /** A sentence's own moment and the words after it: an hour, "A continuación", "Por la tarde", "Del 10 al 16:". */
    const momentoDe = (t: string): { momento: Momento; resto: string } | null => {
      const hora = horaInicial(t);
      if (hora)
        return { momento: momento(hora.hora, hora.fin, false, !hora.separada && /^a\s/iu.test(t)), resto: hora.resto };
      const siguiente = continuacion(t);
      if (siguiente) return { momento: momento(null, siguiente.fin, true), resto: siguiente.resto };
      const parte = parteDelDia(t) ?? diasDelActo(t)?.resto;
      if (parte === undefined) return null;
      const conHora = horaInicial(parte);
      return conHora
        ? { momento: momento(conHora.hora, conHora.fin, false, !conHora.separada), resto: conHora.resto }
        : { momento: momento(null, null), resto: parte };
    };

    /** A moment whose act is in the sentences after it ("19.00. Pavelló. Sopar popular."), and the place between. */
    let pendiente = null as { momento: Momento; desde: number; resto: string; lugar: string | null } | null;

    frases(texto).forEach((f, i) => {
      const t = f.texto.replace(BOLO, "");
      const desde = f.desde + (f.texto.length - t.length);
      const propio = momentoDe(t);
      if (propio) {
        const lugar = soloLugar(propio.resto);
        pendiente = propio.resto.trim() === "" || lugar ? { ...propio, desde, lugar } : null;
        if (!pendiente) clausulas(propio.resto, desde, propio.momento);
        return;
      }
      if (pendiente) {
        const previo = pendiente;
        pendiente = null;
        // "18:00 h. Parque infantil. Lugar: Parque de la Ribera": the words taken for a place were the act.
        const dicho = lugarDeFrase(t);
        if (dicho && soloLugar(dicho) && previo.lugar)
          return conLugar(previo.resto, previo.desde, previo.momento, dicho);
        const lugar = previo.lugar ?? soloLugar(t);
        if (!previo.lugar && lugar) pendiente = { ...previo, lugar };
        else conLugar(t, previo.desde, previo.momento, lugar);
        return;
      }
      // An hour that ends a note on its own line is no act ("Inscripciones en el bar a las 17:00 h").
      const [ancla] = horasEnProsa(t, i === 0 && !esRuido(t));
      if (ancla) {
        const despues = t.slice(ancla.hasta).trim();
        return clausulas(despues || t.slice(0, ancla.desde), desde, momento(ancla.hora, null, false, true));
      }
      const lugar = lugarDeFrase(t);
      if (lugar && parciales.length > 0) parciales.at(-1)!.lugar = lugar;
      // Any other sentence after an act is its note ("Inscripciones…", "Plazas limitadas").
    });
    // A place no act followed was the act's own words.
    if (pendiente?.lugar) conLugar(pendiente.resto, pendiente.desde, pendiente.momento, null);
    parciales.forEach(registrar);
    return parciales.length;
  };

  /** The last line of the last block with acts, and of a list of sponsors ("COLABORAN" and the names under it). */
  let finDeActo = -1;
  let finDeLista = -1;
  const leidos = (bloque: Bloque, n: number) => {
    if (n > 0) finDeActo = bloque.lineas.at(-1)!.numero;
    return n > 0;
  };

  for (const bloque of bloques(nfc)) {
    const primera = bloque.lineas[0].texto;
    const numero = bloque.lineas[0].numero;
    const cabecera = leerEncabezado(primera);
    if (cabecera && abrirDia(cabecera.encabezado)) {
      if (cabecera.corte < primera.length) leidos(bloque, leerActos(bloque, cabecera.corte));
      continue;
    }
    if (encabezaLista(primera) || (numero === finDeLista + 1 && !horaInicial(bloque.texto))) {
      finDeLista = bloque.lineas.at(-1)!.numero;
      continue;
    }
    // "Del 21 al 23 d'agost. Sala polivalent. Exposició…" before the first heading opens its first day.
    const varios = jornada.dia ? null : diasDelActo(bloque.texto);
    if (varios?.resto && abrirDia({ dia: varios.dia, mes: varios.mes })) {
      leidos(bloque, leerActos(bloque, 0));
      continue;
    }
    // A one-day programme may name its day only in its header ("Pinilla del Valle, 30 de mayo").
    if (
      !jornada.dia &&
      contexto.inicio?.solo &&
      horaInicial(bloque.texto) &&
      abrirDia({ dia: contexto.inicio.dia, mes: contexto.inicio.mes })
    ) {
      leidos(bloque, leerActos(bloque, 0));
      continue;
    }
    if (!jornada.dia) {
      // The header, before the first day: town hall, title, dates, greeting.
      for (const l of bloque.lineas) {
        leerContexto(l.texto, contexto);
        primeraDeCabecera ??= esRuido(l.texto) || leerMes(l.texto) ? null : l.texto;
        titulo ??= tituloDe(l.texto);
        if (horaInicial(sinGuias(l.texto))) sinLeer.push({ linea: l.numero, texto: l.texto });
      }
      continue;
    }
    const mes = leerMes(primera);
    if (mes) {
      // "SÁBADO 22" with its month on the next line.
      contexto.mes ??= mes.mes;
      contexto.anio ??= mes.anio;
      const { encabezado, desde, actos: previos } = jornada;
      if (encabezado && encabezado.mes === undefined && previos.length === 0) {
        jornada.dia = resolverDia({ ...encabezado, mes: mes.mes, anio: mes.anio }, desde) ?? jornada.dia;
      }
      continue;
    }
    if (leidos(bloque, leerActos(bloque, 0))) continue;
    if (esRuido(primera) || esSaludo(primera) || (veces.get(primera) ?? 0) > 1) continue;
    // "- Bingo en el descanso", or a line without figures right under an act: an act of the moment it is listed at.
    if (CON_BOLO.test(primera) || (numero === finDeActo + 1 && !/\d/.test(bloque.texto))) {
      finDeActo = bloque.lineas.at(-1)!.numero;
      registrar({
        ...momento(null, null),
        texto: bloque.texto.replace(BOLO, ""),
        lugar: null,
        mayusculas: enCapitales(primera),
        linea: bloque.lineas[0].numero,
      });
      continue;
    }
    for (const l of bloque.lineas) sinLeer.push({ linea: l.numero, texto: l.texto });
  }

  if (!titulo && primeraDeCabecera) titulo = comoNombre(primeraDeCabecera);
  return { titulo, categorias: categoriasDelPrograma(actos.map((a) => a.titulo)), actos, sinLeer };
}
