import type { Metadata } from "next";
import Link from "next/link";
import { notFound, permanentRedirect } from "next/navigation";
import { cache } from "react";
import { AccionesPueblo } from "@/components/pueblos/AccionesPueblo";
import { ListaPueblos } from "@/components/pueblos/ListaPueblos";
import { MigasPueblo } from "@/components/pueblos/MigasPueblo";
import { PlanGrid } from "@/components/plans/PlanCard";
import { favoritosDeLaSesion } from "@/lib/favoritos/sesion";
import { tieneCookieDeSesion } from "@/lib/users/session";
import { municipioDeRuta } from "@/lib/geo/municipios";
import { conDatos, mensajes } from "@/lib/messages";
import { organizacionesVerificadas } from "@/lib/orgs/verificadas";
import { RADIO_DEFAULT_KM } from "@/lib/plans/constants";
import { planesDelPueblo, pueblosCercanosConPlanes } from "@/lib/pueblos/planes";
import { jsonLdScript } from "@/lib/seo/plan";
import { planesTexto } from "@/lib/plans/texto";
import { puebloJsonLd, puebloMetadata } from "@/lib/seo/pueblo";
import styles from "./page.module.css";

type Props = {
  params: Promise<{ provincia: string; municipio: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/**
 * The town of the path (redirecting other spellings to its canonical path) and its plans, once
 * per request, with the search's filters of the query string (?gratis=1…) as the home reads them.
 */
const cargar = cache(async (provincia: string, municipio: string, consulta: string) => {
  const resuelta = await municipioDeRuta(provincia, municipio);
  if (!resuelta) notFound();
  if (!resuelta.canonica) permanentRedirect(resuelta.municipio.ruta);
  const m = resuelta.municipio;
  const filtros = Object.fromEntries(new URLSearchParams(consulta));
  const [planes, cercanos] = await Promise.all([planesDelPueblo(m, { filtros }), pueblosCercanosConPlanes(m)]);
  return { m, planes, cercanos, listados: [...planes.finde, ...planes.proximos, ...planes.experiencias] };
});

/** The query string as one key for cargar's per-request cache (React's cache compares arguments by identity). */
async function consultaDe(searchParams: Props["searchParams"]): Promise<string> {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(await searchParams)) for (const x of [v ?? []].flat()) q.append(k, x);
  return q.toString();
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { provincia, municipio } = await params;
  const { m, listados } = await cargar(provincia, municipio, await consultaDe(searchParams));
  return puebloMetadata(m, listados);
}

const km = (n: number) => (n < 10 ? n.toFixed(1).replace(".", ",") : String(Math.round(n)));

export default async function PuebloPage({ params, searchParams }: Props) {
  const { provincia, municipio } = await params;
  const { m, planes, cercanos, listados } = await cargar(provincia, municipio, await consultaDe(searchParams));
  const [favoritos, verificadas, conSesion] = await Promise.all([
    favoritosDeLaSesion(),
    organizacionesVerificadas(listados),
    tieneCookieDeSesion(),
  ]);
  const d = { municipio: m.nombre, provincia: m.provincia, km: String(RADIO_DEFAULT_KM) };
  const vacio = listados.length === 0;
  const secciones = [
    { id: "finde", titulo: mensajes.puebloFinde, planes: planes.finde },
    { id: "proximos", titulo: mensajes.puebloProximos, planes: planes.proximos },
    { id: "experiencias", titulo: mensajes.puebloExperiencias, planes: planes.experiencias },
  ];
  // An empty page already offers the nearest one above the list.
  const otrosCercanos = vacio ? cercanos.slice(1) : cercanos;
  // The first cards on screen load their posters at once.
  let prioritarios = 2;
  return (
    <div className={styles.pueblo}>
      {puebloJsonLd(m, listados, verificadas).map((datos) => (
        <script
          key={String(datos["@type"])}
          type="application/ld+json"
          dangerouslySetInnerHTML={{ __html: jsonLdScript(datos) }}
        />
      ))}
      <MigasPueblo municipio={m} />
      <header className={styles.cabecera}>
        <h1 className={styles.titulo}>{conDatos(mensajes.puebloTitulo, d)}</h1>
        {!vacio && (
          <p className={styles.entradilla}>
            {conDatos(mensajes.puebloEntradilla, d)} {planesTexto(planes.total, planes.totalExacto)}.
          </p>
        )}
        {!vacio && <AccionesPueblo municipio={m} conSesion={conSesion} />}
      </header>

      {vacio ? (
        <section className={styles.vacio} aria-labelledby="vacio-titulo">
          <h2 id="vacio-titulo" className={styles.vacioTitulo}>
            {conDatos(mensajes.puebloVacio, d)}
          </h2>
          {cercanos[0] && (
            <p>
              {conDatos(mensajes.puebloVacioCercano, {
                municipio: cercanos[0].municipio.nombre,
                km: km(cercanos[0].km),
              })}{" "}
              <Link href={cercanos[0].municipio.ruta} prefetch={false}>
                {conDatos(mensajes.puebloVacioCercanoEnlace, { municipio: cercanos[0].municipio.nombre })}
              </Link>
            </p>
          )}
          <p>{conDatos(mensajes.puebloPublicarPrimero, d)}</p>
          <p>
            <Link className="button" href="/publicar" prefetch={false}>
              {mensajes.puebloPublicarBoton}
            </Link>
          </p>
        </section>
      ) : (
        secciones.map((s) => {
          if (s.planes.length === 0 && s.id !== "finde") return null;
          const grid = (
            <section key={s.id} className={styles.seccion} aria-labelledby={`seccion-${s.id}`}>
              <h2 id={`seccion-${s.id}`} className={styles.seccionTitulo}>
                {s.titulo}
              </h2>
              {s.planes.length === 0 ? (
                <p className={styles.nota}>{conDatos(mensajes.puebloFindeVacio, d)}</p>
              ) : (
                <PlanGrid
                  planes={s.planes}
                  nivelTitulo={3}
                  prioritarios={prioritarios}
                  favoritos={favoritos}
                  verificadas={verificadas}
                />
              )}
            </section>
          );
          prioritarios = Math.max(0, prioritarios - s.planes.length);
          return grid;
        })
      )}

      {otrosCercanos.length > 0 && (
        <section className={styles.seccion} aria-labelledby="cercanos-titulo">
          <h2 id="cercanos-titulo" className={styles.seccionTitulo}>
            {mensajes.puebloCercanos}
          </h2>
          <ListaPueblos
            pueblos={otrosCercanos.map((c) => ({
              clave: c.municipio.ine,
              href: c.municipio.ruta,
              nombre: c.municipio.nombre,
              detalle: conDatos(mensajes.puebloCercanoDetalle, { km: km(c.km), planes: planesTexto(c.planes) }),
            }))}
          />
        </section>
      )}
    </div>
  );
}
