import Link from "@/components/idioma/Enlace";
import { nombreDelPueblo, type MunicipioConRuta } from "@/lib/geo/slug";
import { idiomaDePagina, palabrasDePagina } from "@/lib/idioma-de-pagina";
import { rutaProvincia } from "@/lib/seo/pueblo";
import styles from "./pueblos.module.css";

/** España › provincia › municipio, as the page's BreadcrumbList says it. */
export async function MigasPueblo({ municipio }: { municipio?: MunicipioConRuta; provincia?: string }) {
  const [{ puebloMigas, puebloEspana }, idioma] = await Promise.all([palabrasDePagina("busqueda"), idiomaDePagina()]);
  return (
    <nav aria-label={puebloMigas} className={styles.migas}>
      <ol>
        <li>
          <Link href="/" prefetch={false}>
            {puebloEspana}
          </Link>
        </li>
        {municipio && (
          <>
            <li>
              <Link href={rutaProvincia(municipio.provinciaSlug)} prefetch={false}>
                {municipio.provincia}
              </Link>
            </li>
            <li aria-current="page">{nombreDelPueblo(municipio, idioma)}</li>
          </>
        )}
      </ol>
    </nav>
  );
}
