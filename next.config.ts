import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // Packages with native parts or Node-only code stay outside the server bundle.
  serverExternalPackages: ["sharp", "pg", "@prisma/adapter-pg"],
  typedRoutes: false,
  // The documented API has a call with a trailing slash (POST /api/emailEurona/): answer it
  // in place instead of a 308; proxy.ts still sends pages to their slash-less address.
  skipTrailingSlashRedirect: true,
};

export default nextConfig;
