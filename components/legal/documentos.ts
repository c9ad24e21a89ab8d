import { AvisoLegal } from "./AvisoLegal";
import { CondicionesGenerales } from "./CondicionesGenerales";
import { PoliticaCookies } from "./PoliticaCookies";
import { PoliticaPrivacidad } from "./PoliticaPrivacidad";
import type { DatosSitio } from "./tipos";

/** Date of the legal texts (spec §1, §9). */
export const FECHA_TEXTOS_LEGALES = { iso: "2024-07-20", texto: "20/07/2024" } as const;

interface DocumentoLegal {
  titulo: string;
  descripcion: string;
  Texto: (sitio: DatosSitio) => React.ReactNode;
}

/** The four legal texts, by the path of their page. */
export const DOCUMENTOS_LEGALES = {
  "aviso-legal": {
    titulo: "Aviso legal",
    descripcion:
      "Quién está detrás de la web y las apps, para qué sirven, propiedad intelectual, responsabilidad y ley aplicable.",
    Texto: AvisoLegal,
  },
  "condiciones-generales": {
    titulo: "Condiciones generales",
    descripcion:
      "Las reglas para usar el servicio, crear una cuenta y publicar planes gratis, y cómo moderamos los contenidos.",
    Texto: CondicionesGenerales,
  },
  cookies: {
    titulo: "Política de cookies",
    descripcion:
      "Solo usamos una cookie técnica de sesión y guardamos dos preferencias en tu navegador. Sin publicidad ni analítica.",
    Texto: PoliticaCookies,
  },
  "politica-privacidad": {
    titulo: "Política de privacidad",
    descripcion:
      "Qué datos tratamos (ubicación, correo, carteles y logos), para qué, durante cuánto tiempo y cómo ejercer tus derechos.",
    Texto: PoliticaPrivacidad,
  },
} satisfies Record<string, DocumentoLegal>;

export type DocumentoLegalId = keyof typeof DOCUMENTOS_LEGALES;
