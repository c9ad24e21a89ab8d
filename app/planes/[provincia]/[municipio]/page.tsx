import type { Metadata } from "next";
import { conVersiones } from "@/lib/seo/versiones";
import { idiomaDePagina, palabrasDePagina, redirigirParaSiempre } from "@/lib/idioma-de-pagina";
import { ConPalabras } from "@/components/idioma/ConPalabras";
import { notFound } from "next/navigation";
import { cache } from "react";
import { ahoraDeLaPeticion } from "@/lib/ahora";
import { AccionesPueblo } from "@/components/pueblos/AccionesPueblo";
import { PueblosCercanos, SinPlanesCerca } from "@/components/pueblos/SinPlanesCerca";
import { RecordarLugar } from "@/components/busqueda/RecordarLugar";
import { planesMasAlla } from "@/lib/pueblos/mas-alla";
import { MigasPueblo } from "@/components/pueblos/MigasPueblo";
import { PlanGrid } from "@/components/plans/PlanGrid";
import { ListaPorDias } from "@/components/plans/ListaPorDias";
import { agruparPorDia } from "@/lib/busqueda/grupos";
import { palabrasGruposDePagina } from "@/lib/busqueda/grupos-pagina";
import { leerEstadoFiltros } from "@/lib/busqueda/filtros-url";
import { baseDelMomento } from "@/lib/busqueda/registro";
import { ventanaFechas } from "@/lib/busqueda/estado";
import { favoritosDeLaSesion } from "@/lib/favoritos/sesion";
import { tieneCookieDeSesion } from "@/lib/users/session";
import { municipioDeRuta } from "@/lib/geo/municipios";
import { nombreDelPueblo } from "@/lib/geo/slug";
import { conDatos } from "@/lib/con-datos";
import { organizacionesVerificadas } from "@/lib/organizaciones/verificadas";
import { RADIO_DEFAULT_KM } from "@/lib/plans/constants";
import {
  busquedaDelPueblo,
  municipiosConPlanes,
  planesDelPueblo,
  pueblosCercanosConPlanes,
} from "@/lib/pueblos/planes";
import { jsonLdScript } from "@/lib/seo/plan";
import { planesTexto } from "@/lib/plans/cantidades";
import { palabrasPlanesDePagina } from "@/lib/plans/cantidades-pagina";
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
const cargar = cache(async (provincia: string, municipio: string, consulta: string, ahora: number) => {
  const resuelta = await municipioDeRuta(provincia, municipio);
  if (!resuelta) notFound();
  if (!resuelta.canonica) await redirigirParaSiempre(resuelta.municipio.ruta);
  const m = resuelta.municipio;
  const filtros = Object.fromEntries(new URLSearchParams(consulta));
  const [planes, cercanos] = await Promise.all([
    planesDelPueblo(m, { filtros, ahora: new Date(ahora) }),
    pueblosCercanosConPlanes(m),
  ]);
  const vacio = planes.finde.length + planes.proximos.length + planes.experiencias.length === 0;
  // An empty town: the nearest plans beyond its radius, with their distance, around the towns
  // beyond it (one inside has nothing for these filters); and whether the town has plans of its own.
  const masAllaDelRadio = cercanos.filter((c) => c.km > RADIO_DEFAULT_KM);
  const [masAlla, conPlanes] = vacio
    ? await Promise.all([
        m.lat !== null && m.lng !== null
          ? planesMasAlla(busquedaDelPueblo(m, filtros), { lat: m.lat, lng: m.lng }, masAllaDelRadio)
          : [],
        municipiosConPlanes().then((ines) => ines.has(m.ine)),
      ])
    : [[], true];
  return {
    m,
    planes,
    cercanos,
    masAllaDelRadio,
    conPlanes,
    listados: [...planes.finde, ...planes.proximos, ...planes.experiencias],
    masAlla,
    porFecha: leerEstadoFiltros(filtros).orden === "fecha",
  };
});

/** The query string as one key for cargar's per-request cache (React's cache compares arguments by identity). */
async function consultaDe(searchParams: Props["searchParams"]): Promise<string> {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(await searchParams)) for (const x of [v ?? []].flat()) q.append(k, x);
  return q.toString();
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { provincia, municipio } = await params;
  const { m, listados } = await cargar(provincia, municipio, await consultaDe(searchParams), ahoraDeLaPeticion());
  return conVersiones(puebloMetadata(m, listados, await idiomaDePagina()));
}

/** The namespaces the town page's browser components read: the weekly e-mail's form. */
const ESPACIOS = ["seguir"] as const;

export default async function PuebloPage({ params, searchParams }: Props) {
  const { provincia, municipio } = await params;
  const ahora = ahoraDeLaPeticion();
  const { m, planes, cercanos, masAllaDelRadio, conPlanes, listados, masAlla, porFecha } = await cargar(
    provincia,
    municipio,
    await consultaDe(searchParams),
    ahora,
  );
  const [favoritos, verificadas, conSesion, p, { sinPlanes }, cuentas, titulos, idioma] = await Promise.all([
    favoritosDeLaSesion(),
    organizacionesVerificadas([...listados, ...masAlla]),
    tieneCookieDeSesion(),
    palabrasDePagina("pueblos"),
    palabrasDePagina("busqueda"),
    palabrasPlanesDePagina(),
    palabrasGruposDePagina(),
    idiomaDePagina(),
  ]);
  const d = { municipio: nombreDelPueblo(m, idioma), provincia: m.provincia, km: String(RADIO_DEFAULT_KM) };
  const vacio = listados.length === 0;
  // By date (the web's order), the weekend's and the coming events come in day groups (Viernes 4,
  // Sábado 5…), each from its own base instant as its search ordered them; the weekly experiences
  // (and every section nearest first, ?orden=distancia) in one grid.
  const finde = ventanaFechas("finDeSemana", 0, new Date(ahora))!;
  const secciones = [
    {
      id: "finde",
      titulo: p.puebloFinde,
      planes: planes.finde,
      base: porFecha ? baseDelMomento(ahora, finde.desde) : null,
    },
    {
      id: "proximos",
      titulo: p.puebloProximos,
      planes: planes.proximos,
      base: porFecha ? baseDelMomento(ahora) : null,
    },
    { id: "experiencias", titulo: p.puebloExperiencias, planes: planes.experiencias, base: null },
  ];
  // An empty page offers them in its own section (SinPlanesCerca).
  const otrosCercanos = vacio ? [] : cercanos;
  // The first cards on screen load their posters at once.
  let prioritarios = 2;
  return (
    <ConPalabras espacios={ESPACIOS}>
      <div className={styles.pueblo}>
        <RecordarLugar
          key={m.ine}
          lugar={m.lat !== null && m.lng !== null ? { municipio: m.nombre, lat: m.lat, lng: m.lng } : null}
        />
        {puebloJsonLd(m, listados, verificadas, idioma).map((datos) => (
          <script
            key={String(datos["@type"])}
            type="application/ld+json"
            dangerouslySetInnerHTML={{ __html: jsonLdScript(datos) }}
          />
        ))}
        <MigasPueblo municipio={m} />
        <header className={styles.cabecera}>
          <h1 className={styles.titulo}>{conDatos(p.puebloTitulo, d)}</h1>
          {!vacio && (
            <p className={styles.entradilla}>
              {conDatos(p.puebloEntradilla, d)} {planesTexto(planes.total, cuentas, planes.totalExacto)}.
            </p>
          )}
          {!vacio && <AccionesPueblo municipio={m} conSesion={conSesion} />}
        </header>

        {vacio ? (
          <section className={styles.vacio} aria-labelledby="vacio-titulo">
            <h2 id="vacio-titulo" className={styles.vacioTitulo}>
              {/* Emptied by the page's filters, the town is not empty: say so, not that it has no plans. */}
              {conPlanes ? sinPlanes : conDatos(p.puebloVacio, d)}
            </h2>
            <SinPlanesCerca
              municipio={m}
              masAlla={masAlla}
              cercanos={masAllaDelRadio}
              conPlanes={conPlanes}
              radio={RADIO_DEFAULT_KM}
              categorias={[]}
              conSesion={conSesion}
              favoritos={favoritos}
              verificadas={verificadas}
            />
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
                  <p className={styles.nota}>{conDatos(p.puebloFindeVacio, d)}</p>
                ) : s.base === null ? (
                  <PlanGrid
                    planes={s.planes}
                    nivelTitulo={3}
                    prioritarios={prioritarios}
                    favoritos={favoritos}
                    verificadas={verificadas}
                  />
                ) : (
                  <ListaPorDias
                    grupos={agruparPorDia(s.planes, { base: s.base, ahora, palabras: titulos })}
                    id={s.id}
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
              {p.puebloCercanos}
            </h2>
            <PueblosCercanos cercanos={otrosCercanos} />
          </section>
        )}
      </div>
    </ConPalabras>
  );
}
