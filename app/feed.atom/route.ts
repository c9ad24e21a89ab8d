import { route, otrosMetodos } from "@/lib/http";
import { feedBusqueda } from "@/lib/difusion/feeds";

/** GET /feed.atom?{the home search's parameters} → the search's plans of the next 90 days as an Atom feed. */
export const GET = route((request) => feedBusqueda(request, "atom"));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("GET");
