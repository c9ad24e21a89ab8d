import { route, otrosMetodos } from "@/lib/http";
import { feedBusqueda } from "@/lib/difusion/feeds";

/** GET /calendario.ics?{the home search's parameters} → the search's plans of the next 90 days as a calendar to subscribe to. */
export const GET = route((request) => feedBusqueda(request, "ics"));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("GET");
