import { errorResponse, otrosMetodos } from "@/lib/http";
import { storage } from "@/lib/media/storage";
import { mensajes } from "@/lib/messages";

const TYPES: Record<string, string> = { webp: "image/webp", jpg: "image/jpeg", png: "image/png" };

/** GET /media/<key> — files of the local disk storage. Keys are content-addressed by uuid, so cache forever. */
export async function GET(_request: Request, { params }: { params: Promise<{ key: string[] }> }) {
  const key = (await params).key.join("/");
  let body: Buffer | null = null;
  try {
    body = await storage().get(key);
  } catch {
    body = null; // an unsafe key is answered like a missing file
  }
  if (!body) return errorResponse(404, mensajes.archivoNoEncontrado);
  const ext = key.slice(key.lastIndexOf(".") + 1);
  return new Response(new Uint8Array(body), {
    headers: {
      "Content-Type": TYPES[ext] ?? "application/octet-stream",
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("GET");
