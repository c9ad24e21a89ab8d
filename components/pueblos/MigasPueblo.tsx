import Link from "@/components/idioma/Enlace";
import type { MunicipioConRuta } from "@/lib/geo/slug";
import { mensajes } from "@/lib/messages";
import { rutaProvincia } from "@/lib/seo/pueblo";
import styles from "./pueblos.module.css";

/** España › provincia › municipio, as the page's BreadcrumbList says it. */
export function MigasPueblo({ municipio }: { municipio?: MunicipioConRuta; provincia?: string }) {
  return (
    <nav aria-label={mensajes.puebloMigas} className={styles.migas}>
      <ol>
        <li>
          <Link href="/" prefetch={false}>
            {mensajes.puebloEspana}
          </Link>
        </li>
        {municipio && (
          <>
            <li>
              <Link href={rutaProvincia(municipio.provinciaSlug)} prefetch={false}>
                {municipio.provincia}
              </Link>
            </li>
            <li aria-current="page">{municipio.nombre}</li>
          </>
        )}
      </ol>
    </nav>
  );
}
