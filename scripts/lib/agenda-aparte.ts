/**
 * An agenda served by the agendas' stand-in (test-support/agendas.ts) from a process of its own,
 * so that a benchmark's memory figures are the sync's alone. Driven by its parent over IPC:
 *   { registros, cap } → { base }   serve these records, pages of at most `cap`
 *   { cambiar: { i, campo, valor } } → { hecho }   change one record
 *   { peticiones: true } → { peticiones }   requests answered so far
 */
import type { Registro } from "../../lib/fuentes/adaptadores/comun";
import { servirAgendas } from "../../test-support/agendas";

type Mensaje =
  | { registros: Registro[]; tipo: string; cap: number }
  | { cambiar: { i: number; campo: string; valor: unknown } }
  | { peticiones: true };

let servidor: Awaited<ReturnType<typeof servirAgendas>> | null = null;
let tipo = "";
process.on("message", async (m: Mensaje) => {
  if ("registros" in m) {
    tipo = m.tipo;
    servidor = await servirAgendas({ [tipo]: m.registros }, m.cap);
    process.send!({ base: servidor.base });
  } else if ("cambiar" in m) {
    servidor!.agendas[tipo].registros[m.cambiar.i][m.cambiar.campo] = m.cambiar.valor;
    process.send!({ hecho: true });
  } else process.send!({ peticiones: servidor!.agendas[tipo].peticiones.length });
});
process.on("disconnect", () => void servidor?.cerrar().finally(() => process.exit(0)));
