"use client";

import "leaflet/dist/leaflet.css";
import L from "leaflet";
import { useEffect, useRef } from "react";
import { MapContainer, Marker, useMap, useMapEvents, ZoomControl } from "react-leaflet";
import { usePalabras } from "@/components/idioma/Palabras";
import { CapaTeselas, PIN_SVG } from "../../mapa/CapaTeselas";
import styles from "./form.module.css";
import type { Punto } from "./PinMap";

const ZOOM = 15;
/** Pixels the arrow keys move the pin at the current zoom. */
const PASO_TECLA_PX = 8;

// The app's SVG pin (no image requests): it reads as "movable" next to the plan page's marker.
const pin = L.divIcon({
  className: styles.pin,
  html: PIN_SVG,
  iconSize: [32, 44],
  iconAnchor: [16, 43],
});

const redondear = (n: number) => Math.round(n * 1e6) / 1e6;
const punto = (ll: L.LatLng): Punto => ({
  lat: redondear(ll.lat),
  lng: redondear(L.Util.wrapNum(ll.lng, [-180, 180], true)),
});

function Encuadre({ punto: p, encuadre }: { punto: Punto; encuadre: number }) {
  const map = useMap();
  const ultimo = useRef(encuadre);
  useEffect(() => {
    if (ultimo.current === encuadre) return;
    ultimo.current = encuadre;
    map.setView([p.lat, p.lng], ZOOM);
  }, [map, encuadre, p.lat, p.lng]);
  return null;
}

function ClicEnMapa({ onMover }: { onMover: (p: Punto) => void }) {
  useMapEvents({ click: (e) => onMover(punto(e.latlng)) });
  return null;
}

/** Leaflet markers take focus but cannot be dragged with the keyboard: the arrows move this one. */
function TeclasDelMarcador({
  marcador,
  onMover,
}: {
  marcador: React.RefObject<L.Marker | null>;
  onMover: (p: Punto) => void;
}) {
  const map = useMap();
  const mover = useRef(onMover);
  useEffect(() => {
    mover.current = onMover;
  });
  useEffect(() => {
    const m = marcador.current;
    const el = m?.getElement();
    if (!m || !el) return;
    const teclas: Record<string, [number, number]> = {
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
    };
    const onKey = (e: KeyboardEvent) => {
      const d = teclas[e.key];
      if (!d) return;
      // The map's own keyboard handler would pan the map instead.
      e.preventDefault();
      e.stopPropagation();
      const px = map.latLngToContainerPoint(m.getLatLng()).add([d[0] * PASO_TECLA_PX, d[1] * PASO_TECLA_PX]);
      mover.current(punto(map.containerPointToLatLng(px)));
    };
    el.addEventListener("keydown", onKey);
    return () => el.removeEventListener("keydown", onKey);
  }, [map, marcador]);
  return null;
}

export default function PinMapLeaflet({
  punto: p,
  encuadre,
  onMover,
}: {
  punto: Punto;
  encuadre: number;
  onMover: (p: Punto) => void;
}) {
  const marcador = useRef<L.Marker>(null);
  const t = usePalabras("formulario");
  return (
    <MapContainer
      center={[p.lat, p.lng]}
      zoom={ZOOM}
      scrollWheelZoom={false}
      zoomControl={false}
      className={styles.mapa}
    >
      <CapaTeselas />
      <ZoomControl position="topleft" zoomInTitle={t.acercar} zoomOutTitle={t.alejar} />
      <Encuadre punto={p} encuadre={encuadre} />
      <ClicEnMapa onMover={onMover} />
      <Marker
        ref={marcador}
        position={[p.lat, p.lng]}
        icon={pin}
        draggable
        keyboard
        title={t.marcadorTitulo}
        eventHandlers={{ dragend: (e) => onMover(punto((e.target as L.Marker).getLatLng())) }}
      />
      {/* After the marker: its element exists once the marker's own effects have run. */}
      <TeclasDelMarcador marcador={marcador} onMover={onMover} />
    </MapContainer>
  );
}
