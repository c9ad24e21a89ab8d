/**
 * The URL of one variant of a stored image, from the File object's URL (the re-encoded
 * original). Every variant sits beside the original under the same name stem (see
 * storeImage in ./images), on disk and in UploadThing alike; any other URL is returned as is.
 */
export function varianteUrl(url: string, variante: "tarjeta" | "detalle" | "og"): string {
  const fichero = variante === "og" ? "og.jpg" : `${variante}.webp`;
  return url.replace(/original\.webp$/, fichero);
}
