import type { Adaptador } from "../tipos";
import { agendaCastillaYLeon } from "./castilla-y-leon";
import { agendaCatalunya } from "./catalunya";
import { agendaDiputacioBarcelona } from "./diputacio-barcelona";
import { agendaKulturklik } from "./kulturklik";

/** The regional open-data agendas, one declaration each (lib/fuentes/agendas/motor.ts reads them all). */
export const AGENDAS: readonly Adaptador[] = [
  agendaCastillaYLeon,
  agendaKulturklik,
  agendaCatalunya,
  agendaDiputacioBarcelona,
];
