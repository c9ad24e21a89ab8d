import { PaginaLegal, metadatosLegales } from "@/components/legal/PaginaLegal";

export const generateMetadata = metadatosLegales("condiciones-generales");

export default function CondicionesGeneralesPage() {
  return <PaginaLegal documento="condiciones-generales" />;
}
