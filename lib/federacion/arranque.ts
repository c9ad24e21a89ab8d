import { prisma } from "../db";
import { CANAL_FEDIFY } from "./cola";

/** How often a server that has not loaded the federation looks for work for it. */
const CADA_MS = 10_000;

/**
 * Starts the federation (federacion.ts: Fedify, its queue's workers, the plans' sending) in
 * this server as soon as there is work for it: deliveries or received activities in the queue,
 * or plans noted to send (someone follows one of our actors). Until then a server does not load
 * Fedify; a federation request loads it too.
 */
export function federacionCuandoHagaFalta(): void {
  const mirar = async () => {
    const [{ hay }] = await prisma.$queryRaw<{ hay: boolean }[]>`
      SELECT EXISTS (SELECT 1 FROM federacion_cola WHERE canal = ${CANAL_FEDIFY}) OR EXISTS (SELECT 1 FROM federacion_plan_pendiente) AS hay`.catch(
      () => [{ hay: false }],
    );
    if (!hay) {
      setTimeout(mirar, CADA_MS).unref();
      return;
    }
    const { federacion } = await import("./federacion");
    federacion();
  };
  void mirar();
}
