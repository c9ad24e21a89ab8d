import { PaginaLegal, metadatosLegales } from "@/components/legal/PaginaLegal";

export const metadata = metadatosLegales("cookies");

export default function CookiesPage() {
  return <PaginaLegal documento="cookies" />;
}
