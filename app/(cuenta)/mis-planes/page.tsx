import type { Metadata } from "next";
import Link from "next/link";
import { PaginaLista } from "@/components/lists/PaginaLista";
import { PlanGrid } from "@/components/plans/PlanCard";
import { mensajes } from "@/lib/messages";
import { planesDeUsuario } from "@/lib/plans/user-plans";
import { requirePageUser } from "@/lib/users/session";

export const metadata: Metadata = { title: "Mis publicaciones", robots: { index: false } };

/** 'Planes Creados' (spec §2): the user's plans, each opening its edit page. */
export default async function MisPlanesPage() {
  const user = await requirePageUser("/mis-planes");
  const planes = await planesDeUsuario(user.id);
  return (
    <PaginaLista
      titulo="Planes Creados"
      accion={
        <Link className="button" href="/publicar">
          Publicar un plan
        </Link>
      }
      vacio={planes.length === 0 && <p>{mensajes.sinPlanesCreados}</p>}
    >
      <PlanGrid planes={planes} hrefDe={(p) => `/editar-plan/${p._id}`} nivelTitulo={2} conEstado />
    </PaginaLista>
  );
}
