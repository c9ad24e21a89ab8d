/**
 * Starts a running app's search index (lib/busqueda/indice.ts) with a search and waits until
 * /api/health says it is ready: benchmarks measure searches answered from it, not PostgreSQL's
 * answers while it fills. Null when the app has it off (INDICE_BUSQUEDA=no).
 */
export async function llenarIndice(base: string): Promise<{ planes: number; segundos: number; bytes: number } | null> {
  const t = Date.now();
  await fetch(`${base}/api/plan?lat=40.4168&lng=-3.7038&radio=5`);
  for (;;) {
    const { indiceBusqueda } = (await (await fetch(`${base}/api/health`)).json()) as {
      indiceBusqueda: { estado: string; planes: number; bytes?: number };
    };
    if (indiceBusqueda.estado === "apagado") return null;
    if (indiceBusqueda.estado === "listo")
      return { planes: indiceBusqueda.planes, segundos: (Date.now() - t) / 1000, bytes: indiceBusqueda.bytes ?? 0 };
    if (Date.now() - t > 600_000) throw new Error("the search index did not fill within 10 minutes");
    await new Promise((r) => setTimeout(r, 250));
  }
}
