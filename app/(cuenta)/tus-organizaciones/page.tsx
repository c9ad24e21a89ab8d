import type { Metadata } from "next";
import { ConPalabras } from "@/components/idioma/ConPalabras";
import Link from "@/components/idioma/Enlace";
import { PaginaLista } from "@/components/lists/PaginaLista";
import { OrganizationCards } from "@/components/organizaciones/OrganizationCards";
import { fechaHora } from "@/lib/dates";
import { fuentesDeOrganizacion } from "@/lib/fuentes/fuentes";
import { palabrasDePagina } from "@/lib/idioma-de-pagina";
import { variantUrl } from "@/lib/media/variant-url";
import { organizacionesDeUsuario } from "@/lib/organizaciones/organizaciones";
import { organizacionPath } from "@/lib/organizaciones/paths";
import { requirePageUser } from "@/lib/users/session";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await palabrasDePagina("nav")).misOrganizaciones, robots: { index: false } };
}

/** My organizations (spec §2): the user's organizations as editable cards, each with its connected calendars. */
export default async function TusOrganizacionesPage() {
  const user = await requirePageUser("/tus-organizaciones");
  const [propias, nav, p] = await Promise.all([
    organizacionesDeUsuario(user.id),
    palabrasDePagina("nav"),
    palabrasDePagina("perfil"),
  ]);
  const calendarios = await Promise.all(propias.map((o) => fuentesDeOrganizacion(user.id, o._id)));
  const organizaciones = propias.map((o, i) => ({
    _id: o._id,
    nombre: o.nombre,
    direccion: o.direccion,
    emailContacto: o.emailContacto,
    telefonoContacto: o.telefonoContacto,
    descripcion: o.descripcion,
    href: organizacionPath(o.nombre, o._id),
    logoUrl: o.archivoLogo && variantUrl(o.archivoLogo.url, "detalle"),
    calendarios: calendarios[i].map((f) => ({
      id: f._id,
      nombre: f.nombre,
      url: f.url,
      cuando: f.sincronizadaEn && fechaHora(new Date(f.sincronizadaEn)),
      resultado: f.resultado,
      sincronizando: f.sincronizando,
    })),
  }));
  return (
    <PaginaLista
      titulo={nav.misOrganizaciones}
      // The empty text has its own link to create one.
      accion={
        organizaciones.length > 0 && (
          <Link className="button" href="/crear-organizacion">
            {p.crearOrganizacion}
          </Link>
        )
      }
    >
      <ConPalabras espacios={["perfil", "listas", "cuenta", "publicar", "fuentes"]}>
        <OrganizationCards organizaciones={organizaciones} />
      </ConPalabras>
    </PaginaLista>
  );
}
