import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { cabecerasPorRuta } from "./lib/security";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // Packages with native parts or Node-only code stay outside the server bundle.
  // pdfjs-dist loads its worker and fonts from its own folder at run time; mammoth reads zip files with jszip.
  serverExternalPackages: ["sharp", "pg", "@prisma/adapter-pg", "fontkit", "pdfjs-dist", "mammoth"],
  typedRoutes: false,
  // npm test checks the types of the app and the tests once, with tsc, beside the build.
  typescript: { ignoreBuildErrors: process.env.BUILD_SKIP_TYPECHECK === "1" },
  experimental: {
    // Turbopack keeps its work in .next/cache for the next build, which a clean clone's test
    // run never makes: writing it there only lengthens that build (NEXT_BUILD_CACHE=0).
    turbopackFileSystemCacheForBuild: process.env.NEXT_BUILD_CACHE !== "0",
  },
  // The documented API has a call with a trailing slash (POST /api/emailEurona/): answer it
  // in place instead of a 308; proxy.ts still sends pages to their slash-less address.
  skipTrailingSlashRedirect: true,
  // Pages get their nonce CSP from proxy.ts; data answers get one that lets nothing run; only
  // the widget (/embed) may be framed (lib/security.ts).
  async headers() {
    return cabecerasPorRuta();
  },
};

// The interface's catalogues (mensajes/) stay plain JSON wherever they are imported: the JSON
// API, e-mails and the pages' browser components read their messages as written and fill them
// with conDatos (the browser gets a page's namespaces as data, never a message library), and
// next-intl parses the few the server formats with getTranslations. Its build-time precompiling
// would turn every imported message with an argument into a compiled array.
const conIdiomas = createNextIntlPlugin({ requestConfig: "./i18n/request.ts" });

export default conIdiomas(nextConfig);
