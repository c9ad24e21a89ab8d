import { PaginaLegal, metadatosLegales } from "@/components/legal/PaginaLegal";

export const generateMetadata = metadatosLegales("politica-privacidad");

export default function PoliticaPrivacidadPage() {
  return <PaginaLegal documento="politica-privacidad" />;
}
