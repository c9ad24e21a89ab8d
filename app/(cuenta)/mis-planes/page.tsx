import type { Metadata } from "next";
import Link from "@/components/idioma/Enlace";
import { PaginaLista } from "@/components/lists/PaginaLista";
import { PanelPlanes } from "@/components/plans/PanelPlanes";
import { importadosDeUsuario } from "@/lib/fuentes/pantallas";
import { palabrasDePagina } from "@/lib/idioma-de-pagina";
import { ordenPanel } from "@/lib/plans/estado";
import { planesDeUsuario } from "@/lib/plans/user-plans";
import { requirePageUser } from "@/lib/users/session";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await palabrasDePagina("nav")).misPublicaciones, robots: { index: false } };
}

/** 'Planes Creados' (spec §2): the organizer's dashboard of their plans, listed ones first. */
export default async function MisPlanesPage() {
  const user = await requirePageUser("/mis-planes");
  const [planes, importados, p, listas] = await Promise.all([
    planesDeUsuario(user.id).then(ordenPanel),
    importadosDeUsuario(user.id),
    palabrasDePagina("perfil"),
    palabrasDePagina("listas"),
  ]);
  return (
    <PaginaLista
      titulo={p.planesCreados}
      accion={
        <Link className="button" href="/publicar">
          {p.publicarUnPlan}
        </Link>
      }
      vacio={planes.length === 0 && <p>{listas.sinPlanesCreados}</p>}
    >
      <PanelPlanes planes={planes} importados={importados} />
    </PaginaLista>
  );
}
