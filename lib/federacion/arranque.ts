import { prisma } from "../db";

/**
 * At a server's start: when the fediverse's queue holds work (deliveries or received activities
 * a stop left), the federation and its workers start now; otherwise on the first request that
 * needs them (federacion.ts), so a server that federates nothing does not load Fedify.
 */
export async function federacionSiHayCola(): Promise<void> {
  const [{ hay }] = await prisma.$queryRaw<
    { hay: boolean }[]
  >`SELECT EXISTS (SELECT 1 FROM federacion_cola) AS hay`.catch(() => [{ hay: false }]);
  if (!hay) return;
  const { federacion } = await import("./federacion");
  federacion();
}
