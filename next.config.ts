import type { NextConfig } from "next";
import { CABECERAS_DE_SEGURIDAD, CSP_DE_DATOS } from "./lib/security";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // Packages with native parts or Node-only code stay outside the server bundle.
  serverExternalPackages: ["sharp", "pg", "@prisma/adapter-pg"],
  typedRoutes: false,
  // The documented API has a call with a trailing slash (POST /api/emailEurona/): answer it
  // in place instead of a 308; proxy.ts still sends pages to their slash-less address.
  skipTrailingSlashRedirect: true,
  // Pages get their nonce CSP from proxy.ts; data answers get one that lets nothing run.
  async headers() {
    return [
      { source: "/:path*", headers: [...CABECERAS_DE_SEGURIDAD] },
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: CSP_DE_DATOS }] },
      { source: "/media/:path*", headers: [{ key: "Content-Security-Policy", value: CSP_DE_DATOS }] },
    ];
  },
};

export default nextConfig;
