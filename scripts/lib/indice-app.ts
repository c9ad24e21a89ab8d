/**
 * Starts a running app's search index (lib/busqueda/indice.ts) with a search and waits until
 * /api/health says it is ready: benchmarks measure searches answered from it, not PostgreSQL's
 * answers while it fills. Null when the app has it off (INDICE_BUSQUEDA=no).
 */
export async function llenarIndice(base: string): Promise<{ planes: number; segundos: number; bytes: number } | null> {
  const t = Date.now();
  await fetch(`${base}/api/plan?lat=40.4168&lng=-3.7038&radio=5`);
  for (;;) {
    // While it fills the app answers little else, so a kept-alive connection may be closed
    // under the next question: ask again.
    const salud = await fetch(`${base}/api/health`)
      .then((r) => r.json())
      .catch(() => null);
    if (Date.now() - t > 600_000) throw new Error("the search index did not fill within 10 minutes");
    if (!salud) {
      await new Promise((r) => setTimeout(r, 250));
      continue;
    }
    const { indiceBusqueda } = salud as {
      indiceBusqueda: { estado: string; planes: number; bytes?: number };
    };
    if (indiceBusqueda.estado === "apagado") return null;
    if (indiceBusqueda.estado === "listo")
      return { planes: indiceBusqueda.planes, segundos: (Date.now() - t) / 1000, bytes: indiceBusqueda.bytes ?? 0 };
    await new Promise((r) => setTimeout(r, 250));
  }
}
