import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // Packages with native parts or Node-only code stay outside the server bundle.
  serverExternalPackages: ["sharp", "pg", "@prisma/adapter-pg"],
  typedRoutes: false,
};

export default nextConfig;
