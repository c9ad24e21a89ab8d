/**
 * Sets a person's back-office role: `npm run admin:grant -- <correo> <moderador|admin|usuario>`.
 * This is how the first admin is made; later ones can be named from /gestion. Logged in the
 * audit log as done from the console.
 */
import "./lib/load-env";
import { CONSOLA, asignarRol } from "../lib/admin/asignar-rol";
import { esRol } from "../lib/users/roles";
import { createPrismaClient } from "../lib/db/client";

const [correo, rol] = process.argv.slice(2);
if (!correo || !rol || !esRol(rol)) {
  console.error("uso: npm run admin:grant -- <correo> <moderador|admin|usuario>");
  process.exit(2);
}
const prisma = createPrismaClient(undefined, 1);
try {
  const antes = await asignarRol(prisma, { correo }, rol, CONSOLA);
  if (antes === null) {
    console.error(`no hay ninguna cuenta con el correo ${correo}`);
    process.exitCode = 1;
  } else {
    console.log(`${correo}: ${antes} → ${rol}`);
  }
} finally {
  await prisma.$disconnect();
}
