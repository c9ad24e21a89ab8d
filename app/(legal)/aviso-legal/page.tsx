import { PaginaLegal, metadatosLegales } from "@/components/legal/PaginaLegal";

export const generateMetadata = metadatosLegales("aviso-legal");

export default function AvisoLegalPage() {
  return <PaginaLegal documento="aviso-legal" />;
}
