import { UTApi, UTFile } from "uploadthing/server";
import { assertSafeKey, type FileStorage } from "./storage";
import { ufsHost } from "./ufs-host";

/** The app id inside an UploadThing token (base64 JSON `{ apiKey, appId, regions }`). */
function appIdDe(token: string): string {
  try {
    const { appId } = JSON.parse(Buffer.from(token, "base64").toString("utf8")) as { appId?: unknown };
    if (typeof appId === "string" && appId) return appId;
  } catch {
    // fall through
  }
  throw new Error("UPLOADTHING_TOKEN no es un token de UploadThing válido.");
}

/**
 * Our keys (`planes/<id>/tarjeta.webp`) as UploadThing custom ids: one path segment, so they
 * sit in a file URL as they are. Keys never hold '~' (see assertSafeKey), so this is reversible.
 */
const customId = (key: string) => key.replaceAll("/", "~");

/**
 * Files in UploadThing: each is uploaded with our key as its customId, so it can be found,
 * served (`https://<appId>.ufs.sh/f/<customId>`) and deleted by the key the database keeps. The
 * SDK's own settings (UPLOADTHING_INGEST_URL, UPLOADTHING_API_URL, UPLOADTHING_UFS_HOST,
 * UPLOADTHING_UFS_APP_ID_LOCATION) are read from the environment, which is how the tests point
 * it at a local stand-in.
 */
export function uploadThingStorage(token: string): FileStorage {
  const appId = appIdDe(token);
  const api = new UTApi({ token, logLevel: "Error" });
  const publicUrl = (key: string) => {
    const { proto, host, pathStyle } = ufsHost();
    return pathStyle
      ? `${proto}://${host}/a/${appId}/${customId(key)}`
      : `${proto}://${appId}.${host}/f/${customId(key)}`;
  };
  return {
    async put(key, body, contentType) {
      assertSafeKey(key);
      const nombre = key.slice(key.lastIndexOf("/") + 1);
      const { data, error } = await api.uploadFiles(
        new UTFile([new Uint8Array(body)], nombre, { customId: customId(key), type: contentType }),
      );
      if (error) throw new Error(`UploadThing no guardó ${key}: ${error.message}`);
      return { url: data.ufsUrl };
    },
    async get(key) {
      assertSafeKey(key);
      const res = await fetch(publicUrl(key));
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`UploadThing no sirvió ${key}: ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    },
    async remove(keys) {
      if (keys.length === 0) return;
      keys.forEach(assertSafeKey);
      const { success } = await api.deleteFiles(keys.map(customId), { keyType: "customId" });
      if (!success) throw new Error(`UploadThing no borró ${keys.join(", ")}`);
    },
  };
}
