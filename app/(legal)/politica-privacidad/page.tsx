import { PaginaLegal, metadatosLegales } from "@/components/legal/PaginaLegal";

export const metadata = metadatosLegales("politica-privacidad");

export default function PoliticaPrivacidadPage() {
  return <PaginaLegal documento="politica-privacidad" />;
}
