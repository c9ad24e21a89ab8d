import Link from "@/components/idioma/Enlace";
import { notFound } from "next/navigation";
import { FormPatrocinio } from "@/components/gestion/FormPatrocinio";
import { SoloAdmin } from "@/components/gestion/SoloAdmin";
import styles from "@/components/gestion/gestion.module.css";
import { exigirGestorPagina, metadatosGestion } from "@/lib/admin/acceso";
import { leerPatrocinio } from "@/lib/admin/patrocinios";

export const generateMetadata = metadatosGestion("Editar patrocinio");

type Props = { params: Promise<{ id: string }> };

/** One sponsor card's fields and poster (admin only), with its preview. */
export default async function EditarPatrocinioPage({ params }: Props) {
  const { id } = await params;
  if (!(await exigirGestorPagina(`/gestion/patrocinios/${encodeURIComponent(id)}`, "admin")))
    return <SoloAdmin titulo="Editar patrocinio" />;
  const s = await leerPatrocinio(id);
  if (!s) notFound();
  const { empresa, enlaceEmpresa, titulo, descripcion } = s.tarjeta;
  return (
    <>
      <p>
        <Link href="/gestion/patrocinios">« Patrocinios</Link>
      </p>
      <h1 className={styles.titulo}>Editar patrocinio</h1>
      <FormPatrocinio
        patrocinio={{
          id: s.id,
          valores: {
            empresa,
            enlaceEmpresa,
            titulo,
            descripcion,
            activoDesde: s.activoDesde,
            activoHasta: s.activoHasta,
          },
          cartelUrl: s.tarjeta.archivoCartel?.url ?? null,
        }}
      />
    </>
  );
}
