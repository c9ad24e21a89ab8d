import type { Metadata } from "next";
import Link from "@/components/idioma/Enlace";
import { PaginaLista } from "@/components/lists/PaginaLista";
import { PanelPlanes } from "@/components/plans/PanelPlanes";
import { importadosDeUsuario } from "@/lib/fuentes/pantallas";
import { mensajes } from "@/lib/messages";
import { ordenPanel } from "@/lib/plans/estado";
import { planesDeUsuario } from "@/lib/plans/user-plans";
import { requirePageUser } from "@/lib/users/session";

export const metadata: Metadata = { title: "Mis publicaciones", robots: { index: false } };

/** 'Planes Creados' (spec §2): the organizer's dashboard of their plans, listed ones first. */
export default async function MisPlanesPage() {
  const user = await requirePageUser("/mis-planes");
  const [planes, importados] = await Promise.all([
    planesDeUsuario(user.id).then(ordenPanel),
    importadosDeUsuario(user.id),
  ]);
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
      <PanelPlanes planes={planes} importados={importados} />
    </PaginaLista>
  );
}
