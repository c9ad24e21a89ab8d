import "server-only";
import { Prisma } from "../generated/prisma/client";

/**
 * The Madrid calendar for the queries that count days in PostgreSQL: the zone and the Monday-first
 * week of lib/dates.ts, written once for SQL.
 */
const MADRID = Prisma.raw("'Europe/Madrid'");

/** The Madrid calendar day of an instant (timestamptz → date). */
export const diaMadrid = (instante: Prisma.Sql) => Prisma.sql`(${instante} AT TIME ZONE ${MADRID})::date`;

/** The instant a Madrid calendar day begins (date → timestamptz). */
export const inicioDiaMadrid = (dia: Prisma.Sql) => Prisma.sql`(${dia}::timestamp AT TIME ZONE ${MADRID})`;

/** Today in Madrid. */
export const HOY_MADRID = diaMadrid(Prisma.sql`now()`);

/** A weekday (0 Sunday … 6 Saturday) as its place in the Spanish week, 0 Monday … 6 Sunday (lib/dates.ts indiceLunes). */
export const indiceLunesSql = (diaSemana: Prisma.Sql) => Prisma.sql`((${diaSemana} + 6) % 7)`;
