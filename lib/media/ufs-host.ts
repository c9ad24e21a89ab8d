/**
 * Where UploadThing serves files from: the SDK's own settings (UPLOADTHING_UFS_HOST,
 * UPLOADTHING_UFS_APP_ID_LOCATION), which is how the tests point it at a local stand-in.
 * Kept apart from the SDK so the proxy can name the image origin in the page CSP cheaply.
 */
export function ufsHost(): { proto: "http" | "https"; host: string; pathStyle: boolean } {
  const host = process.env.UPLOADTHING_UFS_HOST ?? "ufs.sh";
  return {
    proto: host.includes("local") ? "http" : "https",
    host,
    pathStyle: process.env.UPLOADTHING_UFS_APP_ID_LOCATION === "path",
  };
}

/** The CSP source that covers every UploadThing file URL (`https://<appId>.ufs.sh/f/…`). */
export function ufsCspSource(): string {
  const { proto, host, pathStyle } = ufsHost();
  return pathStyle ? `${proto}://${host}` : `${proto}://*.${host}`;
}
