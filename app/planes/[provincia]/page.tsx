import type { Metadata } from "next";
import { conVersiones } from "@/lib/seo/versiones";
import { palabrasDePagina, redirigirParaSiempre } from "@/lib/idioma-de-pagina";
import Link from "@/components/idioma/Enlace";
import { notFound } from "next/navigation";
import { cache } from "react";
import { MigasPueblo } from "@/components/pueblos/MigasPueblo";
import { provinciaDeRuta } from "@/lib/geo/municipios";
import { conDatos } from "@/lib/con-datos";
import { municipiosConPlanes } from "@/lib/pueblos/planes";
import { planesTexto } from "@/lib/plans/cantidades";
import { palabrasPlanesDePagina } from "@/lib/plans/cantidades-pagina";
import { rutaProvincia } from "@/lib/seo/pueblo";
import { site } from "@/lib/site";
import styles from "@/components/pueblos/pueblos.module.css";

type Props = { params: Promise<{ provincia: string }> };

/** The province of the path, redirecting other spellings (Alacant, Gerona…) to its canonical one. */
const cargar = cache(async (segmento: string) => {
  const p = await provinciaDeRuta(segmento);
  if (!p) notFound();
  if (!p.canonica) await redirigirParaSiempre(rutaProvincia(p.slug));
  return p;
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const p = await cargar((await params).provincia);
  const b = await palabrasDePagina("busqueda");
  return conVersiones({
    title: conDatos(b.provinciaTitulo, { provincia: p.nombre }),
    description: conDatos(b.provinciaDescripcion, { provincia: p.nombre }),
    alternates: { canonical: `${site().url}${rutaProvincia(p.slug)}` },
  });
}

/** A province's towns, the ones with plans first: the breadcrumb's middle step and a way in for crawlers. */
export default async function ProvinciaPage({ params }: Props) {
  const p = await cargar((await params).provincia);
  const [planes, b, cuentas] = await Promise.all([
    municipiosConPlanes(),
    palabrasDePagina("busqueda"),
    palabrasPlanesDePagina(),
  ]);
  const conPlanes = p.municipios
    .filter((m) => planes.has(m.ine))
    .sort((a, b) => planes.get(b.ine)! - planes.get(a.ine)! || a.nombre.localeCompare(b.nombre, "es"));
  return (
    <div>
      <MigasPueblo />
      <h1>{conDatos(b.provinciaTitulo, { provincia: p.nombre })}</h1>
      <p>{conDatos(b.provinciaDescripcion, { provincia: p.nombre })}</p>
      {conPlanes.length > 0 && (
        <section aria-labelledby="con-planes">
          <h2 id="con-planes">{b.provinciaConPlanes}</h2>
          <ul className={styles.lista}>
            {conPlanes.map((m) => (
              <li key={m.ine}>
                <Link href={m.ruta} prefetch={false}>
                  {m.nombre}
                </Link>{" "}
                ({planesTexto(planes.get(m.ine)!, cuentas)})
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="todos">
        <h2 id="todos">{b.provinciaTodos}</h2>
        <ul className={styles.lista}>
          {p.municipios.map((m) => (
            <li key={m.ine}>
              <Link href={m.ruta} prefetch={false}>
                {m.nombre}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
