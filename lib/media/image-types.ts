/**
 * The image files a poster or a logo may be (spec §9: png, jpg, jpeg), as the file pickers and
 * the forms' rules check them in the browser. The server checks the content itself (./images).
 */
export const IMAGE_ACCEPT = ".png,.jpg,.jpeg,image/png,image/jpeg";

export function isImageFileName(name: string): boolean {
  return /\.(png|jpe?g)$/i.test(name);
}

/** The largest poster or logo accepted (spec §9 leaves it open; the forms say "hasta 10 MB"). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
