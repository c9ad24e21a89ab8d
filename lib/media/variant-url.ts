/**
 * The URL of one variant of a stored image, from the File object's URL (the re-encoded
 * original). Every variant sits beside the original under the same name stem (see
 * storeImage in ./images), on disk and in UploadThing alike; any other URL is returned as is.
 */
export function variantUrl(url: string, variant: "tarjeta" | "detalle" | "og"): string {
  const file = variant === "og" ? "og.jpg" : `${variant}.webp`;
  return url.replace(/original\.webp$/, file);
}
