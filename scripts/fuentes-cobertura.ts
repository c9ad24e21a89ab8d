/**
 * Prints the municipalities with at least one upcoming plan, by province, against the
 * gazetteer ("Soria: 41 de 183"): how much of the country the sources cover.
 *   npm run fuentes:cobertura
 */
import "./lib/load-env";
import { createPrismaClient } from "../lib/db/client";
import { coberturaPorProvincia, textoCobertura } from "../lib/fuentes/cobertura";

const prisma = createPrismaClient(undefined, 1);
try {
  console.log(textoCobertura(await coberturaPorProvincia(prisma)));
} finally {
  await prisma.$disconnect();
}
