import Link from "@/components/idioma/Enlace";
import { AccionesPatrocinio } from "@/components/gestion/AccionesPatrocinio";
import { Miniatura } from "@/components/gestion/Miniatura";
import { Paginador, enlacesCursor } from "@/components/ui/Paginador";
import { SoloAdmin } from "@/components/gestion/SoloAdmin";
import { Pestanas } from "@/components/gestion/Pestanas";
import styles from "@/components/gestion/gestion.module.css";
import { exigirGestorPagina, metadatosGestion } from "@/lib/admin/acceso";
import { listarPatrocinios } from "@/lib/admin/patrocinios";
import { diaTexto } from "@/lib/dates";
import { variantUrl } from "@/lib/media/variant-url";
import type { EstadoPatrocinio } from "@/lib/patrocinios/schemas";

export const generateMetadata = metadatosGestion("Patrocinios");

type Props = { searchParams: Promise<{ estado?: string; despues?: string }> };

const PESTANAS = [
  { estado: null, nombre: "Todos", vacia: "Aún no hay patrocinios." },
  { estado: "activo", nombre: "En las búsquedas", vacia: "Ningún patrocinio sale hoy en las búsquedas." },
  { estado: "programado", nombre: "Programados", vacia: "No hay patrocinios programados." },
  { estado: "pausado", nombre: "En pausa", vacia: "No hay patrocinios en pausa." },
  { estado: "terminado", nombre: "Terminados", vacia: "No hay patrocinios terminados." },
] as const;

const ESTADO_TEXTO: Record<EstadoPatrocinio, string> = {
  activo: "En las búsquedas",
  programado: "Programado",
  pausado: "En pausa",
  terminado: "Terminado",
};

/** The days a card is shown, in words. */
function dias(desde: string, hasta: string): string {
  if (desde && hasta) return `del ${diaTexto(desde)} al ${diaTexto(hasta)}`;
  if (desde) return `desde el ${diaTexto(desde)}, sin fin`;
  if (hasta) return `hasta el ${diaTexto(hasta)}`;
  return "sin fechas: siempre";
}

/** The sponsor cards in their turn (admin only): create, edit, pause, reorder and delete them. */
export default async function PatrociniosPage({ searchParams }: Props) {
  if (!(await exigirGestorPagina("/gestion/patrocinios", "admin"))) return <SoloAdmin titulo="Patrocinios" />;
  const sp = await searchParams;
  const pestana = PESTANAS.find((p) => p.estado === sp.estado) ?? PESTANAS[0];
  const despues = /^\d{1,6}$/.test(sp.despues ?? "") ? Number(sp.despues) : null;
  const { patrocinios, siguiente } = await listarPatrocinios({ estado: pestana.estado, despues });
  return (
    <>
      <div className={styles.barra}>
        <h1 className={styles.titulo}>Patrocinios</h1>
        <Link className="button" href="/gestion/patrocinios/nuevo">
          Nuevo patrocinio
        </Link>
      </div>
      <p className={styles.secundario}>
        Las tarjetas que salen hoy se turnan en este orden: la primera página de cada búsqueda muestra la primera, la
        segunda página la segunda, y así sucesivamente.
      </p>
      <Pestanas
        etiqueta="Estado de los patrocinios"
        ruta="/gestion/patrocinios"
        pestanas={PESTANAS}
        actual={pestana.estado}
      />
      {patrocinios.length === 0 ? (
        <p className={styles.nada}>{pestana.vacia}</p>
      ) : (
        <ol className={styles.lista}>
          {patrocinios.map((s) => (
            <li key={s.id} className={styles.fila}>
              <Miniatura src={s.tarjeta.archivoCartel && variantUrl(s.tarjeta.archivoCartel.url, "tarjeta")} />
              <div className={styles.datos}>
                <h2 className={styles.nombre}>
                  <Link href={`/gestion/patrocinios/${s.id}`}>{s.tarjeta.titulo}</Link>
                  <span
                    className={
                      s.estado === "activo"
                        ? styles.etiquetaDestacado
                        : s.estado === "pausado"
                          ? styles.etiquetaOculto
                          : styles.etiqueta
                    }
                  >
                    {ESTADO_TEXTO[s.estado]}
                  </span>
                </h2>
                <p>
                  {s.tarjeta.empresa} ·{" "}
                  <a href={s.tarjeta.enlaceEmpresa} target="_blank" rel="noopener noreferrer">
                    {s.tarjeta.enlaceEmpresa.replace(/^https?:\/\//, "")}
                  </a>
                </p>
                <p className={styles.secundario}>
                  Turno {s.posicion} de {s.total} · {dias(s.activoDesde, s.activoHasta)}
                </p>
              </div>
              <AccionesPatrocinio
                patrocinio={{
                  id: s.id,
                  titulo: s.tarjeta.titulo,
                  pausado: s.estado === "pausado",
                  posicion: s.posicion,
                  total: s.total,
                }}
              />
            </li>
          ))}
        </ol>
      )}
      <Paginador
        etiqueta="Páginas"
        {...enlacesCursor({
          ruta: "/gestion/patrocinios",
          filtros: { estado: pestana.estado ?? undefined },
          enPrimera: despues === null,
          siguiente: siguiente === null ? null : String(siguiente),
        })}
      />
    </>
  );
}
