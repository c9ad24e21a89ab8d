import { palabrasDe, type Espacio } from "@/lib/catalogo";
import { idiomaDePagina } from "@/lib/idioma-de-pagina";
import { ProveedorPalabras } from "./Palabras";

/** Hands the browser's components below the namespaces they read (usePalabras), in the page's language. */
export async function ConPalabras({ espacios, children }: { espacios: readonly Espacio[]; children: React.ReactNode }) {
  return <ProveedorPalabras palabras={palabrasDe(await idiomaDePagina(), espacios)}>{children}</ProveedorPalabras>;
}
