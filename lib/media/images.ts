import { createHash, randomUUID } from "node:crypto";
import sharp, { type OutputInfo } from "sharp";
import type { FileStorage } from "./storage";

export { MAX_IMAGE_BYTES } from "./image-types";
import { MAX_IMAGE_BYTES } from "./image-types";
const OG_MAX_BYTES = 300 * 1024;
/** Refuse decompression bombs: no side longer than this, no more pixels than this. */
const MAX_SIDE = 12_000;
const MAX_PIXELS = 40_000_000;

/** The variants every poster and logo gets, by name. */
/** libwebp's effort: 2 encodes in about half the time of 3 for 3–5 % more bytes (docs/performance.md). */
const WEBP_EFFORT = 2;

export const VARIANTS = {
  original: { width: 1600, height: 1600, fit: "inside", format: "webp" },
  detalle: { width: 1200, height: 1200, fit: "inside", format: "webp" },
  // Whole, never cropped: a village poster's date and price lines are at its edges.
  tarjeta: { width: 600, height: 600, fit: "inside", format: "webp" },
  og: { width: 1200, height: 630, fit: "cover", format: "jpeg" },
} as const;

export type VariantName = keyof typeof VARIANTS;

export type ImageKind = "image/png" | "image/jpeg";

/** PNG or JPEG by magic bytes; anything else (SVG, HTML, GIF, a renamed file) is null. */
export function detectImageType(body: Buffer): ImageKind | null {
  if (body.length >= 8 && body.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return "image/png";
  }
  if (body.length >= 3 && body[0] === 0xff && body[1] === 0xd8 && body[2] === 0xff) return "image/jpeg";
  return null;
}

export class ImageRejected extends Error {}

/** What the database keeps of an image (the File object of spec §3). */
export interface StoredImage {
  nombre: string;
  path: string;
  url: string;
  contentType: string;
  md5sum: string;
  hash: string;
  width: number;
  height: number;
  size: number;
  variantes: Record<VariantName, string>;
}

/**
 * Re-encodes a PNG or JPEG into the WebP/JPEG variants and stores them under `<folder>/<uuid>/`.
 * The caller records the result in the database and, if that fails, removes `storedKeys()`.
 */
export async function storeImage(
  storage: FileStorage,
  folder: "carteles" | "logos" | "patrocinios",
  nombre: string,
  body: Buffer,
): Promise<StoredImage> {
  if (body.length === 0 || body.length > MAX_IMAGE_BYTES) throw new ImageRejected("size");
  if (!detectImageType(body)) throw new ImageRejected("type");
  const input = sharp(body, { limitInputPixels: MAX_PIXELS, failOn: "error" });
  const meta = await input.metadata().catch(() => {
    throw new ImageRejected("corrupt");
  });
  if (!meta.width || !meta.height || meta.width > MAX_SIDE || meta.height > MAX_SIDE) {
    throw new ImageRejected("dimensions");
  }
  const id = randomUUID();
  const variantes = {} as Record<VariantName, string>;
  const written: string[] = [];
  let original: { data: Buffer; width: number; height: number; url: string } | undefined;
  try {
    // Decode (and apply the EXIF orientation) once; every variant is cut from these pixels.
    const decoded = await sharp(body, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize({
        width: VARIANTS.original.width,
        height: VARIANTS.original.height,
        fit: "inside",
        withoutEnlargement: true,
      })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { width: decoded.info.width, height: decoded.info.height, channels: 4 as const };
    // Variants the pixels already fit in are the same WebP, encoded once: a poster up to 1,200 px
    // is its own 'original' and 'detalle'.
    let entera: { data: Buffer; info: OutputInfo } | undefined;
    for (const [name, v] of Object.entries(VARIANTS) as [VariantName, (typeof VARIANTS)[VariantName]][]) {
      const pipeline = sharp(decoded.data, { raw }).resize({
        width: v.width,
        height: v.height,
        fit: v.fit,
        withoutEnlargement: v.fit === "inside",
      });
      const cabe = v.format === "webp" && v.fit === "inside" && raw.width <= v.width && raw.height <= v.height;
      let { data, info } =
        cabe && entera
          ? entera
          : await (
              v.format === "webp"
                ? pipeline.webp({ quality: 80, effort: WEBP_EFFORT })
                : pipeline.flatten({ background: "#ffffff" }).jpeg({ quality: 82, progressive: true })
            ).toBuffer({ resolveWithObject: true });
      if (cabe) entera ??= { data, info };
      // Link previews must stay under 300 KB (some apps ignore larger ones): lower the quality.
      for (let quality = 70; v.format === "jpeg" && data.length > OG_MAX_BYTES && quality >= 40; quality -= 15) {
        ({ data, info } = await pipeline
          .clone()
          .flatten({ background: "#ffffff" })
          .jpeg({ quality, progressive: true })
          .toBuffer({ resolveWithObject: true }));
      }
      const key = `${folder}/${id}/${name}.${v.format === "webp" ? "webp" : "jpg"}`;
      const { url } = await storage.put(key, data, v.format === "webp" ? "image/webp" : "image/jpeg");
      written.push(key);
      variantes[name] = key;
      if (name === "original") original = { data, width: info.width, height: info.height, url };
    }
  } catch (error) {
    await storage.remove(written);
    throw error instanceof ImageRejected ? error : new ImageRejected("corrupt");
  }
  const stored = original!;
  return {
    nombre: safeFileName(nombre),
    path: variantes.original,
    url: stored.url,
    contentType: "image/webp",
    md5sum: createHash("md5").update(stored.data).digest("hex"),
    hash: createHash("sha256").update(stored.data).digest("hex"),
    width: stored.width,
    height: stored.height,
    size: stored.data.length,
    variantes,
  };
}

/** A display name only: no directories, no control characters, at most 255 characters. */
export function safeFileName(nombre: string): string {
  const base = nombre.split(/[\\/]/).pop() ?? "";
  const clean = base
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim()
    .slice(0, 255);
  return clean || "imagen";
}

/** Every storage key of a stored image (to remove it after its row is deleted). */
export function imageKeys(variantes: unknown): string[] {
  return variantes && typeof variantes === "object"
    ? Object.values(variantes).filter((k): k is string => typeof k === "string")
    : [];
}
