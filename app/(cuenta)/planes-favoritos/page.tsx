import type { Metadata } from "next";
import Link from "@/components/idioma/Enlace";
import { PaginaLista } from "@/components/lists/PaginaLista";
import { PlanGrid } from "@/components/plans/PlanGrid";
import { planesFavoritos } from "@/lib/favoritos/favoritos";
import { organizacionesVerificadas } from "@/lib/organizaciones/verificadas";
import { palabrasDePagina } from "@/lib/idioma-de-pagina";
import { planPath } from "@/lib/plans/plan";
import { requirePageUser } from "@/lib/users/session";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await palabrasDePagina("perfil")).planesGuardados, robots: { index: false } };
}

/** Saved plans (spec §2), each linking to its page (not to an external web); ended ones last, marked. */
export default async function PlanesFavoritosPage() {
  const user = await requirePageUser("/planes-favoritos");
  const [planes, perfil, listas] = await Promise.all([
    planesFavoritos(user.id, { conCancelados: true }),
    palabrasDePagina("perfil"),
    palabrasDePagina("listas"),
  ]);
  const verificadas = await organizacionesVerificadas(planes);
  // Every plan here is saved; a heart taken off stays until the page is next opened.
  const favoritos = { conectado: true, guardados: new Set(planes.map((p) => p._id)) };
  return (
    <PaginaLista
      titulo={perfil.planesGuardados}
      vacio={
        planes.length === 0 && (
          <>
            <p>{listas.sinPlanesGuardados}</p>
            <p>
              <Link href="/">{perfil.descubrePlanes}</Link>
            </p>
          </>
        )
      }
    >
      <PlanGrid
        planes={planes}
        hrefDe={(p) => planPath(p.titulo, p._id)}
        nivelTitulo={2}
        conEstado
        favoritos={favoritos}
        verificadas={verificadas}
      />
    </PaginaLista>
  );
}
