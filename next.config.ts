import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { IDIOMAS } from "./lib/idiomas";
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

// The interface's catalogues (mensajes/), precompiled at build time: no ICU parser reaches the
// browser, and each message is a function when it is formatted.
const conIdiomas = createNextIntlPlugin({
  requestConfig: "./i18n/request.ts",
  experimental: { messages: { format: "json", path: "./mensajes", locales: IDIOMAS, precompile: true } },
});

export default conIdiomas(nextConfig);
