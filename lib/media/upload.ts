import "server-only";
import { prisma } from "../db";
import type { Prisma } from "../generated/prisma/client";
import { ApiError } from "../http";
import { mensajes } from "../messages";
import { ImageRejected, MAX_IMAGE_BYTES, imageKeys, storeImage, type StoredImage } from "./images";
import { quitarArchivos, quitarArchivosNoGuardados } from "./quitar";
import { storage } from "./storage";

/** Room for the form's text fields around a 10 MB image. */
export const MAX_FORM_BYTES = MAX_IMAGE_BYTES + 256 * 1024;

/** A form field that is a file with content, or null. */
export function fileField(form: FormData, field: string): File | null {
  const value = form.get(field);
  return value instanceof File && value.size > 0 ? value : null;
}

/** Stores an uploaded poster, logo or sponsor poster; refusals become 413 / 415 / 400 with Spanish messages. */
export async function storeUpload(file: File, folder: Parameters<typeof storeImage>[1]): Promise<StoredImage> {
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

/** Removes stored images' files after their rows are gone (under the backups' lock). */
export async function removeImageFiles(images: { variantes: unknown }[]): Promise<void> {
  await quitarArchivos(
    prisma,
    images.flatMap((i) => imageKeys(i.variantes)),
    "media",
  );
}

/** Removes the files of an image whose row never committed (lib/media/quitar.ts). */
async function removeUnwrittenImage(img: StoredImage): Promise<void> {
  await quitarArchivosNoGuardados(imageKeys(img.variantes), "media");
}

/**
 * Deletes a row that owns an image and the image's row in one transaction, then its files
 * (after the commit, so a failed delete never leaves a row pointing at missing files).
 */
export async function deleteWithImage(
  deleteRow: (tx: Prisma.TransactionClient) => Promise<unknown>,
  image: { id: string; variantes: unknown } | null,
): Promise<void> {
  await prisma.$transaction(async (tx) => {
    await deleteRow(tx);
    if (image) await tx.archivo.delete({ where: { id: image.id } });
  });
  if (image) await removeImageFiles([image]);
}

type TransactionStatus = "committed" | "aborted" | "in progress" | null;

/** What PostgreSQL knows of a transaction by its id; null when it cannot be asked (or forgot). */
async function transactionStatus(xid: string): Promise<TransactionStatus> {
  try {
    const [{ status }] = await prisma.$queryRaw<
      { status: TransactionStatus }[]
    >`SELECT txid_status(${xid}::bigint) AS status`;
    return status;
  } catch {
    return null;
  }
}

const REPREGUNTA_MS = 2_000;
const REPREGUNTAS = 150;

/** Asks every 2 s, for 5 minutes, whether `xid` committed; removes `img`'s files once it did not. */
function preguntarMasTarde(xid: string, img: StoredImage, intento = 1): void {
  setTimeout(async () => {
    const status = await transactionStatus(xid);
    if (status === "aborted") await removeUnwrittenImage(img);
    else if (status === "committed") return;
    else if (intento < REPREGUNTAS) preguntarMasTarde(xid, img, intento + 1);
    else console.error("[media] archivos conservados: no se sabe si la transacción", xid, "se confirmó:", img.path);
  }, REPREGUNTA_MS).unref();
}

/**
 * Runs `body` in one transaction that writes the row of `img`, an image whose files were
 * just stored (or of none), and answers what `body` returned.
 *
 * When the transaction fails, the files are removed only if it certainly did not commit: it
 * failed before its COMMIT was sent, or PostgreSQL says so by its id (txid_status). A failure
 * while committing (the connection lost at that moment, as in a restart) may hide a commit
 * that happened: when PostgreSQL says it committed, the write stands and its answer is given;
 * when it cannot tell yet (it is restarting), the files stay and the error goes on, and
 * PostgreSQL is asked again until it can tell: the files go once it says the transaction did not
 * commit (`preguntarMasTarde`). Never a plan without its poster, nor a poster left without a row.
 */
export async function writeWithImage<T>(
  img: StoredImage | null,
  body: (tx: Prisma.TransactionClient) => Promise<T>,
): Promise<T> {
  // Filled in inside the transaction: its id, then the body's result once COMMIT is next.
  const done: { xid?: string; body?: { result: T } } = {};
  try {
    return await prisma.$transaction(async (tx) => {
      [{ xid: done.xid }] = await tx.$queryRaw<{ xid: string }[]>`SELECT txid_current()::text AS xid`;
      const result = await body(tx);
      done.body = { result };
      return result;
    });
  } catch (error) {
    const status = done.body && done.xid ? await transactionStatus(done.xid) : "aborted";
    if (status === "committed" && done.body) {
      console.error("[db] error al confirmar, pero la transacción se confirmó:", done.xid, error);
      return done.body.result;
    }
    if (status === "aborted") {
      if (img) await removeUnwrittenImage(img);
    } else if (img && done.xid) {
      preguntarMasTarde(done.xid, img);
    }
    throw error;
  }
}
