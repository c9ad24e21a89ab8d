import { exigirGestorApi } from "@/lib/admin/acceso";
import { contactosCsv, esEstadoContacto } from "@/lib/admin/contactos";
import { diaEnMadrid } from "@/lib/dates";
import { assertNotCrossSite, route, otrosMetodos } from "@/lib/http";

/**
 * GET /api/gestion/contactos.csv[?estado=nuevos|contactados] → the satellite leads as a CSV
 * file to download (moderator; lib/csv.ts says why UTF-8 with BOM and `;`). Personal data:
 * never served into another site's page.
 */
export const GET = route(async (request) => {
  assertNotCrossSite(request);
  await exigirGestorApi(request);
  const estado = new URL(request.url).searchParams.get("estado") ?? undefined;
  const { year, month, day } = diaEnMadrid();
  const fecha = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  return new Response(await contactosCsv(esEstadoContacto(estado) ? estado : undefined), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="contactos-eurona-${fecha}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("GET");
