"use client";

import "leaflet/dist/leaflet.css";
import "leaflet.markercluster/dist/MarkerCluster.css";
import L from "leaflet";
// After Leaflet, which it extends (window.L): adds L.markerClusterGroup.
import "leaflet.markercluster";
import { useEffect, useRef, useState } from "react";
import { Circle, MapContainer, useMap, ZoomControl } from "react-leaflet";
import { CapaTeselas, PIN_SVG } from "@/components/mapa/CapaTeselas";
import { useRuta } from "@/components/idioma/ContextoIdioma";
import { usePalabras } from "@/components/idioma/Palabras";
import { conDatos } from "@/lib/con-datos";
import type { PuntoMapa, ResultadoMapa } from "@/lib/busqueda/mapa";
import styles from "./Mapa.module.css";

const pin = L.divIcon({ className: styles.pin, html: PIN_SVG, iconSize: [32, 44], iconAnchor: [16, 43] });

/** A cluster: its count, and for screen readers what it is and what to do with it (`texto`, busqueda.mapaGrupo). */
function iconoGrupo(grupo: L.MarkerCluster, texto: string) {
  const n = String(grupo.getChildCount());
  return L.divIcon({
    className: styles.grupo,
    html: `<span aria-hidden="true">${n}</span><span class="visually-hidden">${conDatos(texto, { n })}</span>`,
    iconSize: [44, 44],
  });
}

/**
 * The view fits the search's circle, and fits it again when the map's size changes (its styles
 * arriving, a phone turned) until the person moves or zooms the map themselves.
 */
function Encuadre({ lat, lng, radioKm }: { lat: number; lng: number; radioKm: number }) {
  const map = useMap();
  useEffect(() => {
    let movido = false;
    let propio = false;
    const encuadrar = () => {
      propio = true;
      map.invalidateSize({ pan: false });
      if (radioKm > 0) map.fitBounds(L.latLng(lat, lng).toBounds(radioKm * 2000), { animate: false });
      else map.setView([lat, lng], 15, { animate: false });
      propio = false;
    };
    const alMover = () => {
      if (!propio) movido = true;
    };
    encuadrar();
    map.on("dragstart zoomstart", alMover);
    const observador = new ResizeObserver(() => (movido ? map.invalidateSize({ pan: false }) : encuadrar()));
    observador.observe(map.getContainer());
    return () => {
      observador.disconnect();
      map.off("dragstart zoomstart", alMover);
    };
  }, [map, lat, lng, radioKm]);
  return null;
}

/**
 * The plans as markers in clusters (leaflet.markercluster): a cluster zooms in on its plans,
 * or fans them out at the closest zoom (plans at one address); a marker opens its mini card.
 * Markers and clusters are buttons that the keyboard reaches (Tab, then Enter).
 */
function Marcadores({
  puntos,
  onElegir,
}: {
  puntos: PuntoMapa[];
  onElegir: (id: string, marcador: HTMLElement | undefined) => void;
}) {
  const map = useMap();
  const { mapaGrupo } = usePalabras("busqueda");
  const elegir = useRef(onElegir);
  useEffect(() => {
    elegir.current = onElegir;
  });
  useEffect(() => {
    const grupo = L.markerClusterGroup({
      showCoverageOnHover: false,
      maxClusterRadius: 48,
      iconCreateFunction: (g) => iconoGrupo(g, mapaGrupo),
    });
    grupo.addLayers(
      puntos.map((p) => {
        const m = L.marker([p.lat, p.lng], { icon: pin, title: p.titulo, keyboard: true, riseOnHover: true });
        // Leaflet's marker is a focusable button for the keyboard, but only a bound popup opens
        // with Enter: Enter and Space open the card here (clusters handle Enter themselves).
        return m
          .on("click", () => elegir.current(p.id, m.getElement()))
          .on("keypress", (e) => {
            const tecla = (e as L.LeafletKeyboardEvent).originalEvent;
            if (tecla.key !== "Enter" && tecla.key !== " ") return;
            tecla.preventDefault();
            elegir.current(p.id, m.getElement());
          });
      }),
    );
    map.addLayer(grupo);
    return () => {
      map.removeLayer(grupo);
    };
  }, [map, puntos, mapaGrupo]);
  return null;
}

/** The chosen plan over the map: poster, title, when, price, and the link to its page. */
function MiniTarjeta({ punto, onCerrar }: { punto: PuntoMapa; onCerrar: () => void }) {
  const tarjeta = useRef<HTMLElement>(null);
  const enlace = useRef<HTMLAnchorElement>(null);
  const p = usePalabras("busqueda");
  const enIdioma = useRuta();
  useEffect(() => {
    // The card is read at once: on a phone the bottom of the map may be below the screen.
    tarjeta.current?.scrollIntoView({ block: "nearest" });
    enlace.current?.focus({ preventScroll: true });
  }, [punto.id]);
  return (
    <section
      ref={tarjeta}
      className={punto.cartel ? styles.tarjeta : `${styles.tarjeta} ${styles.sinCartel}`}
      aria-label={p.mapaTarjeta}
      onKeyDown={(e) => e.key === "Escape" && onCerrar()}
    >
      {punto.cartel && (
        // eslint-disable-next-line @next/next/no-img-element -- the card variant, already resized
        <img src={punto.cartel} alt="" className={styles.tarjetaCartel} />
      )}
      <div className={styles.tarjetaTexto}>
        <h3 lang={punto.lang}>
          <a ref={enlace} href={enIdioma(punto.href)}>
            {punto.titulo}
          </a>
        </h3>
        {punto.cuando && <p>{punto.cuando}</p>}
        {punto.precio && <p className={styles.tarjetaPrecio}>{punto.precio}</p>}
      </div>
      <button type="button" className={styles.tarjetaCerrar} onClick={onCerrar} aria-label={p.mapaCerrarTarjeta}>
        <span aria-hidden="true">×</span>
      </button>
    </section>
  );
}

export default function MapaResultados({ centro, puntos, radioKm }: ResultadoMapa & { radioKm: number }) {
  const [elegido, setElegido] = useState<{ id: string; marcador?: HTMLElement } | null>(null);
  const b = usePalabras("buscador");
  // A new search may leave the chosen plan out: its card goes with it.
  const punto = elegido && puntos.find((p) => p.id === elegido.id);
  const cerrar = () => {
    const m = elegido?.marcador;
    setElegido(null);
    if (m?.isConnected) m.focus();
  };
  return (
    <>
      {/* Quarter zoom steps: the circle fills the map, not half of it at the next whole level. */}
      <MapContainer
        center={[centro.lat, centro.lng]}
        zoom={11}
        zoomSnap={0.25}
        zoomControl={false}
        className={styles.mapa}
      >
        <CapaTeselas />
        <ZoomControl position="topleft" zoomInTitle={b.acercar} zoomOutTitle={b.alejar} />
        <Encuadre lat={centro.lat} lng={centro.lng} radioKm={radioKm} />
        {radioKm > 0 && (
          <Circle
            center={[centro.lat, centro.lng]}
            radius={radioKm * 1000}
            className="mapa-radio"
            interactive={false}
            pathOptions={{ color: "#c2410c", weight: 2, dashArray: "6 6", fillColor: "#c2410c", fillOpacity: 0.05 }}
          />
        )}
        <Marcadores puntos={puntos} onElegir={(id, marcador) => setElegido({ id, marcador })} />
      </MapContainer>
      {punto && <MiniTarjeta punto={punto} onCerrar={cerrar} />}
    </>
  );
}
