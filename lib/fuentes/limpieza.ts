import { sinControl } from "../text";
import type { ItemFuente, Lugar, Ocurrencia } from "./tipos";

/**
 * An item with its text held to the rule typed text follows (lib/text.ts): what a form refuses
 * (control characters, and the bidirectional ones that make text display in another order than
 * it is stored) is taken out of its title, description and place, whatever the adapter read. A
 * stray character in an agenda's record should not cost its event the plan, so it is cleaned
 * where a person's text is refused.
 */
export function itemLimpio(item: ItemFuente): ItemFuente {
  const { ocurrencias } = item;
  return {
    ...item,
    titulo: sinControl(item.titulo),
    descripcion: sinControl(item.descripcion, true),
    lugar: lugarLimpio(item.lugar),
    organizador: item.organizador === null ? null : sinControl(item.organizador),
    ocurrencias: ocurrencias && ((desde, hasta, max) => ocurrencias(desde, hasta, max).map(ocurrenciaLimpia)),
  };
}

function lugarLimpio(lugar: Lugar): Lugar {
  const linea = (t: string | null) => (t === null ? null : sinControl(t));
  return {
    ...lugar,
    texto: linea(lugar.texto),
    direccion: linea(lugar.direccion),
    municipio: linea(lugar.municipio),
    provincia: linea(lugar.provincia),
  };
}

/** An occurrence's own text, where it has some (what it lacks it takes from its item). */
function ocurrenciaLimpia(o: Ocurrencia): Ocurrencia {
  return {
    ...o,
    ...(o.titulo !== undefined && { titulo: sinControl(o.titulo) }),
    ...(o.descripcion !== undefined && { descripcion: sinControl(o.descripcion, true) }),
    ...(o.lugar !== undefined && { lugar: lugarLimpio(o.lugar) }),
  };
}
