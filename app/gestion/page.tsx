import Link from "@/components/idioma/Enlace";
import { GraficoDiario } from "@/components/gestion/GraficoDiario";
import styles from "@/components/gestion/gestion.module.css";
import { exigirGestorPagina, metadatosGestion } from "@/lib/admin/acceso";
import { resumen } from "@/lib/admin/resumen";

export const generateMetadata = metadatosGestion("Resumen");

/** What needs the team now, the state of the catalogue, and the last 30 days. */
export default async function ResumenPage() {
  await exigirGestorPagina("/gestion");
  const r = await resumen();
  const pendientes = [
    { n: r.reportes, texto: "reportes abiertos", href: "/gestion/reportes" },
    { n: r.solicitudes, texto: "solicitudes para destacar nuevas", href: "/gestion/solicitudes" },
    { n: r.contactos, texto: "contactos de Eurona nuevos", href: "/gestion/contactos" },
    { n: r.correos_fallidos, texto: "correos que no se han podido enviar", href: "/gestion/correos?estado=fallidos" },
  ];
  const catalogo = [
    { n: r.listados, texto: "planes publicados" },
    { n: r.ocultos, texto: "planes ocultos", href: "/gestion/planes?estado=ocultos" },
    { n: r.finalizados, texto: "planes finalizados" },
  ];
  const cifra = (c: { n: number; texto: string; href?: string }, atencion = false) => {
    const cuerpo = (
      <>
        <strong className={styles.numero}>{c.n.toLocaleString("es-ES")}</strong> {c.texto}
      </>
    );
    return (
      <li key={c.texto} className={atencion && c.n > 0 ? styles.atencion : undefined}>
        {c.href ? <Link href={c.href}>{cuerpo}</Link> : cuerpo}
      </li>
    );
  };
  return (
    <>
      <h1 className={styles.titulo}>Resumen</h1>
      <section aria-labelledby="pendiente">
        <h2 id="pendiente" className={styles.subtitulo}>
          Pendiente
        </h2>
        <ul className={styles.cifras}>{pendientes.map((c) => cifra(c, true))}</ul>
      </section>
      <section aria-labelledby="catalogo">
        <h2 id="catalogo" className={styles.subtitulo}>
          Catálogo
        </h2>
        <ul className={styles.cifras}>{catalogo.map((c) => cifra(c))}</ul>
      </section>
      <section aria-labelledby="dias">
        <h2 id="dias" className={styles.subtitulo}>
          Últimos 30 días
        </h2>
        <GraficoDiario serie={r.serie} />
      </section>
    </>
  );
}
