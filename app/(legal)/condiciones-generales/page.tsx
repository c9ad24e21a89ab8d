import { PaginaLegal, metadatosLegales } from "@/components/legal/PaginaLegal";

export const metadata = metadatosLegales("condiciones-generales");

export default function CondicionesGeneralesPage() {
  return <PaginaLegal documento="condiciones-generales" />;
}
