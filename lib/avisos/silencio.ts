import { env } from "../env";
import { relojMadrid, instanteLocalMadrid, numeroDiaMadrid } from "../dates";

/** The quiet hours ("22-9": from 22:00 to 09:00 Madrid time), or null for none. */
export function horasDeSilencio(valor = env().PUSH_HORAS_SILENCIO): { desde: number; hasta: number } | null {
  if (valor === "no") return null;
  const [desde, hasta] = valor.split("-").map(Number);
  return desde === hasta ? null : { desde, hasta };
}

/**
 * The first instant from `ahora` when a notification may be pushed: `ahora` itself, or the end
 * of the quiet hours (the next `hasta` o'clock, Madrid time) when it falls inside them. Nobody
 * wants their phone to light up at 3 in the morning for a plan on Saturday.
 */
export function cuandoSePuedeAvisar(ahora: Date, silencio = horasDeSilencio()): Date {
  if (!silencio) return ahora;
  const { hour } = relojMadrid(ahora.getTime());
  const { desde, hasta } = silencio;
  const callado = desde > hasta ? hour >= desde || hour < hasta : hour >= desde && hour < hasta;
  if (!callado) return ahora;
  // Today's `hasta` if it is still ahead, else tomorrow's.
  const hoy = numeroDiaMadrid(ahora.getTime());
  const dia = hour < hasta ? hoy : hoy + 1;
  return new Date(instanteLocalMadrid(dia, hasta * 60));
}
