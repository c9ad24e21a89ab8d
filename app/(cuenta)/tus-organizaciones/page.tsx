import type { Metadata } from "next";
import Link from "next/link";
import { PaginaLista } from "@/components/lists/PaginaLista";
import { OrganizationCards } from "@/components/orgs/OrganizationCards";
import { variantUrl } from "@/lib/media/variant-url";
import { organizacionesDeUsuario } from "@/lib/orgs/organizations";
import { organizacionPath } from "@/lib/orgs/paths";
import { requirePageUser } from "@/lib/users/session";

export const metadata: Metadata = { title: "Mis organizaciones", robots: { index: false } };

/** My organizations (spec §2): the user's organizations as editable cards. */
export default async function TusOrganizacionesPage() {
  const user = await requirePageUser("/tus-organizaciones");
  const organizaciones = (await organizacionesDeUsuario(user.id)).map((o) => ({
    _id: o._id,
    nombre: o.nombre,
    direccion: o.direccion,
    emailContacto: o.emailContacto,
    telefonoContacto: o.telefonoContacto,
    descripcion: o.descripcion,
    href: organizacionPath(o.nombre, o._id),
    logoUrl: o.archivoLogo && variantUrl(o.archivoLogo.url, "detalle"),
  }));
  return (
    <PaginaLista
      titulo="Mis organizaciones"
      // The empty text has its own link to create one.
      accion={
        organizaciones.length > 0 && (
          <Link className="button" href="/crear-organizacion">
            Crear organización
          </Link>
        )
      }
    >
      <OrganizationCards organizaciones={organizaciones} />
    </PaginaLista>
  );
}
