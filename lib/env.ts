import { z } from "zod";
import { TESELAS_OSM_URL } from "./teselas";

/** Port of the project-local PostgreSQL cluster that `npm run db:setup` starts under .data/. */
export const LOCAL_PG_PORT_DEFAULT = 54329;

export function localDatabaseUrl(database = "planazo", port = LOCAL_PG_PORT_DEFAULT): string {
  return `postgresql://postgres@127.0.0.1:${port}/${database}`;
}

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

/** A "0"/"1" switch, off when unset or empty. */
const interruptor = optionalText.pipe(z.enum(["0", "1"]).default("0"));

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
    /**
     * A streaming replica (hot standby) of DATABASE_URL: public reads (searches, plan and
     * organization pages, geocoding, feeds, sitemaps) go to it; unset, every read goes to DATABASE_URL.
     */
    DATABASE_READ_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
    /** Seconds the replica may be behind the primary before every read goes to the primary (lib/db/replica.ts). */
    DATABASE_READ_MAX_LAG: z.coerce.number().positive().max(3600).default(30),
    /**
     * The in-process search index (lib/busqueda/indice.ts): "no" makes every search ask PostgreSQL
     * (a machine with little memory: it holds about 230 bytes per listed plan).
     */
    INDICE_BUSQUEDA: z.enum(["si", "no"]).default("si"),
    /**
     * The server's VAPID keys for Web Push (base64url, both or neither): unset, they are made once
     * and kept in the database (push_clave), the same for every instance.
     */
    VAPID_PUBLIC_KEY: optionalText,
    VAPID_PRIVATE_KEY: optionalText,
    /** "1" lets a push subscription's endpoint be http://127.0.0.1 (tests and local demos only). */
    PUSH_ALLOW_LOOPBACK: z.enum(["0", "1"]).default("0"),
    /**
     * Hours (Madrid) when nothing is pushed, "from-to": held until "to" o'clock. "no": none
     * (tests and benchmarks).
     */
    PUSH_HORAS_SILENCIO: z
      .string()
      .trim()
      .regex(/^(no|([01]?\d|2[0-3])-([01]?\d|2[0-3]))$/, 'PUSH_HORAS_SILENCIO is "no" or "desde-hasta" (hours 0-23)')
      .default("22-9"),
    LOCAL_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(LOCAL_PG_PORT_DEFAULT),
    SITE_NAME: z.string().trim().min(1).default("Planazo"),
    SITE_URL: z.url({ protocol: /^https?$/ }).default("http://localhost:3000"),
    CONTACT_EMAIL: z.email().default("hola@planazo.es"),
    BETTER_AUTH_SECRET: optionalText.pipe(z.string().min(32).optional()),
    /**
     * OAuth client ids whose Google ID tokens we accept (web, Android, iOS), comma-separated; the
     * first is the web button's. Falls back to GOOGLE_CLIENT_ID (see parseEnv).
     */
    GOOGLE_CLIENT_IDS: z
      .string()
      .default("")
      .transform((v) => [
        ...new Set(
          v
            .split(",")
            .map((id) => id.trim())
            .filter(Boolean),
        ),
      ])
      .pipe(
        z.array(z.string().regex(/^[\w.-]+$/, "client ids are letters, digits, '.', '-' and '_', separated by commas")),
      ),
    GOOGLE_JWKS_URL: z.url().default("https://www.googleapis.com/oauth2/v3/certs"),
    RESEND_API_KEY: optionalText,
    MAIL_FROM: z.string().default("Planazo <no-responder@planazo.es>"),
    /**
     * "1": without RESEND_API_KEY, every e-mail is printed whole (recipient, subject, text with its
     * links) to the server's output, so a demo's or a developer's account can be confirmed.
     */
    CORREO_EN_CONSOLA: z.enum(["0", "1"]).default("0"),
    UPLOADTHING_TOKEN: optionalText,
    STORAGE_DIR: z.string().min(1).default("storage"),
    GEOCODER: z.enum(["local"]).default("local"),
    /**
     * The map tiles of every map (plan page, location picker, home search): a Leaflet URL
     * template, http(s) or a path of this site, with {z}, {x} and {y} (and {s} for subdomains).
     */
    MAP_TILES_URL: z
      .string()
      .trim()
      .default(TESELAS_OSM_URL)
      .transform((v) => v || TESELAS_OSM_URL)
      .pipe(
        z
          .string()
          .refine(
            (v) => v.startsWith("/") || /^https?:\/\/[^/?#]+\//.test(v),
            "an http(s) URL or a path starting with /, e.g. https://{s}.tile.example.org/{z}/{x}/{y}.png",
          )
          .refine((v) => ["{z}", "{x}", "{y}"].every((p) => v.includes(p)), "must contain {z}, {x} and {y}"),
      ),
    /** The most upcoming plans one source brings; it says so in its result when it stops there. */
    SOURCES_MAX_PLANS: z.coerce.number().int().min(1).max(100_000).default(2000),
    /** The largest answer the fetcher of sources and posters reads, in bytes after decompression (lib/net/descarga.ts). */
    SOURCES_MAX_BYTES: optionalText.pipe(
      z.coerce
        .number<string | undefined>()
        .int()
        .min(1024)
        .max(1024 * 1024 * 1024)
        .default(20 * 1024 * 1024),
    ),
    /** "1" lets the fetcher reach 127.0.0.0/8 (the demo and the tests); off, only global addresses. */
    SOURCES_ALLOW_LOOPBACK: interruptor,
    /**
     * The caching proxy's or CDN's purge endpoint (lib/paginas-publicas/purga.ts): every instance
     * sends it `BAN` with the tags of what changed; unset, nothing is purged.
     */
    PURGA_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    /**
     * The pair of request headers ("latitude,longitude") in which a CDN or proxy gives the
     * visitor's approximate position (lib/portada/destino.ts); unset, Vercel's and Cloudflare's.
     */
    CABECERAS_GEO: optionalText.pipe(
      z
        .string()
        .regex(
          /^\s*[A-Za-z0-9-]+\s*,\s*[A-Za-z0-9-]+\s*$/,
          'two header names separated by a comma, e.g. "x-geo-lat,x-geo-lng"',
        )
        .transform((v) => v.split(",").map((h) => h.trim().toLowerCase()) as [string, string])
        .optional(),
    ),
    /**
     * "1" lets the fediverse's fetches and deliveries reach 127.0.0.0/8 (tests of two instances on
     * one machine); off, only global addresses (lib/federacion/documentos.ts).
     */
    FEDERATION_ALLOW_LOOPBACK: interruptor,
    /**
     * Deliveries to one server of the fediverse per minute, every instance together
     * (lib/federacion/entregas.ts); the rest wait for the next minute.
     */
    FEDERATION_ENVIOS_POR_MINUTO: optionalText.pipe(
      z.coerce.number<string | undefined>().int().min(1).max(100_000).default(300),
    ),
    /** "1" serves the demo's regional agendas at /demo/agendas (scripts/demo); off, they answer 404. */
    DEMO_AGENDAS: interruptor,
    /** Bearer secret of the scheduled-job endpoints (/api/tareas/*); unset, they answer 404. */
    CRON_SECRET: optionalText.pipe(z.string().min(16).optional()),
    /**
     * The team's phone for featuring requests by chat (the promotion modal's WhatsApp link), with
     * or without +34; unset, the modal offers e-mail only.
     */
    PROMOTION_PHONE: optionalText.pipe(
      z
        .string()
        .regex(/^\+?[\d\s().-]{9,24}$/, "a phone number, e.g. +34 600 123 456")
        .transform((v) => {
          const cifras = v.replace(/\D/g, "");
          return cifras.length === 9 ? `34${cifras}` : cifras;
        })
        .optional(),
    ),
  })
  .superRefine((v, ctx) => {
    // `next build` runs with NODE_ENV=production but serves nobody: the secret is a run-time need.
    const building = process.env.NEXT_PHASE === "phase-production-build";
    if (v.NODE_ENV === "production" && !v.BETTER_AUTH_SECRET && !building) {
      ctx.addIssue({
        code: "custom",
        path: ["BETTER_AUTH_SECRET"],
        message: "required in production (at least 32 characters)",
      });
    }
    if (Boolean(v.VAPID_PUBLIC_KEY) !== Boolean(v.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: ["VAPID_PRIVATE_KEY"],
        message: "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together",
      });
    }
  })
  .transform((v) => ({
    ...v,
    DATABASE_URL: v.DATABASE_URL ?? localDatabaseUrl("planazo", v.LOCAL_PG_PORT),
    SITE_URL: v.SITE_URL.replace(/\/+$/, ""),
    /** The client id of the web's Google button; undefined when Google sign-in is not configured. */
    GOOGLE_WEB_CLIENT_ID: v.GOOGLE_CLIENT_IDS[0] as string | undefined,
  }));

export type Env = z.infer<typeof schema>;

/** Parses an environment; throws one readable error listing every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // APP_URL is accepted as another name for SITE_URL. Deployments from before the apps' client
  // ids set one web client id, as GOOGLE_CLIENT_ID or NEXT_PUBLIC_GOOGLE_CLIENT_ID.
  const clientIds = [source.GOOGLE_CLIENT_IDS, source.GOOGLE_CLIENT_ID, source.NEXT_PUBLIC_GOOGLE_CLIENT_ID].find((v) =>
    v?.trim(),
  );
  const result = schema.safeParse(
    { ...source, SITE_URL: source.SITE_URL ?? source.APP_URL, GOOGLE_CLIENT_IDS: clientIds },
    // Messages for whoever deploys, in zod's English rather than the catalogue's default (lib/schemas.ts).
    { error: z.locales.en().localeError },
  );
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment variables (see .env.example):\n${lines.join("\n")}`);
  }
  return result.data;
}

let cached: Env | undefined;

/** The validated environment of this process, parsed once (first call: instrumentation.ts at start-up). */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Makes the next env() parse process.env again: for tests that change a setting in their own process. */
export function releerEnv(): void {
  cached = undefined;
}
