import { fork } from "node:child_process";
import path from "node:path";
import type { Registro } from "../../lib/fuentes/adaptadores/comun";

/** The records served as an agenda of kind `tipo` by a child process (scripts/lib/agenda-aparte.ts). */
export async function agendaAparte(registros: Registro[], tipo: string, cap: number) {
  const hijo = fork(path.join(import.meta.dirname, "agenda-aparte.ts"), [], {
    execArgv: ["--import", "tsx"],
    serialization: "advanced",
  });
  const pedir = <T>(mensaje: object) =>
    new Promise<T>((ok, mal) => {
      hijo.once("message", (r) => ok(r as T));
      hijo.once("error", mal);
      hijo.send(mensaje);
    });
  const { base } = await pedir<{ base: string }>({ registros, tipo, cap });
  return {
    base,
    peticiones: async () => (await pedir<{ peticiones: number }>({ peticiones: true })).peticiones,
    cambiar: (i: number, campo: string, valor: unknown) => pedir({ cambiar: { i, campo, valor } }),
    cerrar: () => hijo.disconnect(),
  };
}
