import { PaginaLegal, metadatosLegales } from "@/components/legal/PaginaLegal";

export const generateMetadata = metadatosLegales("cookies");

export default function CookiesPage() {
  return <PaginaLegal documento="cookies" />;
}
