// Placeholder with the mapping's signature until it lands.
import type { ItemFuente, PlanImportado } from "./tipos";

export function planesDeItem(
  _item: ItemFuente,
  _ahora: Date,
  _opciones?: { dias?: number; maxOcurrencias?: number },
): { planes: PlanImportado[]; descartado?: string } {
  return { planes: [] };
}

export function normalizarTitulo(t: string): string {
  return t
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}
