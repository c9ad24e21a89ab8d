import { prisma } from "@/lib/db";
import { readJson, route, otrosMetodos } from "@/lib/http";
import { mensajes } from "@/lib/messages";
import { cambiarRecordatorios } from "@/lib/recordatorios/recordatorios";
import { recordatoriosSchema } from "@/lib/users/schemas";
import { requireUser } from "@/lib/users/session";

/** PATCH /api/usuario/recordatorios { recordatorios: boolean } → { mensaje, recordatorios }: the reminder e-mails on or off. */
export const PATCH = route(async (request) => {
  const user = await requireUser(request);
  const { recordatorios } = recordatoriosSchema.parse(await readJson(request));
  await cambiarRecordatorios(prisma, user.id, recordatorios);
  return Response.json({
    mensaje: recordatorios ? mensajes.recordatoriosActivados : mensajes.recordatoriosDesactivados,
    recordatorios,
  });
});

export const { GET, POST, PUT, DELETE, OPTIONS } = otrosMetodos("PATCH");
