import "server-only";
import { prisma } from "../db";
import type { Prisma } from "../generated/prisma/client";
import { ApiError } from "../http";
import { mensajes } from "../messages";
import { ImageRejected, MAX_IMAGE_BYTES, imageKeys, storeImage, type StoredImage } from "./images";
import { storage } from "./storage";

/** Room for the form's text fields around a 10 MB image. */
export const MAX_FORM_BYTES = MAX_IMAGE_BYTES + 256 * 1024;

/** A form field that is a file with content, or null. */
export function archivoDe(form: FormData, campo: string): File | null {
  const value = form.get(campo);
  return value instanceof File && value.size > 0 ? value : null;
}

/** Stores an uploaded poster or logo; refusals become 413 / 415 / 400 with Spanish messages. */
export async function guardarImagenSubida(file: File, folder: "carteles" | "logos"): Promise<StoredImage> {
  if (file.size > MAX_IMAGE_BYTES) throw new ApiError(413, mensajes.imagenGrande);
  try {
    return await storeImage(storage(), folder, file.name, Buffer.from(await file.arrayBuffer()));
  } catch (error) {
    if (error instanceof ImageRejected) {
      if (error.message === "size") throw new ApiError(413, mensajes.imagenGrande);
      if (error.message === "type") throw new ApiError(415, mensajes.imagenTipo);
      throw new ApiError(400, mensajes.imagenDefectuosa);
    }
    throw error;
  }
}

/** Removes stored images' files (after their rows are gone, or when a write failed). */
export async function borrarArchivos(imagenes: { variantes: unknown }[]): Promise<void> {
  const keys = imagenes.flatMap((i) => imageKeys(i.variantes));
  await storage()
    .remove(keys)
    .catch((error) => console.error("[media] archivos sin borrar:", keys, error));
}

/**
 * Deletes a row that owns an image and the image's row in one transaction, then its files
 * (after the commit, so a failed delete never leaves a row pointing at missing files).
 */
export async function borrarConImagen(
  borrarFila: (tx: Prisma.TransactionClient) => Promise<unknown>,
  imagen: { id: string; variantes: unknown } | null,
): Promise<void> {
  await prisma.$transaction(async (tx) => {
    await borrarFila(tx);
    if (imagen) await tx.archivo.delete({ where: { id: imagen.id } });
  });
  if (imagen) await borrarArchivos([imagen]);
}
