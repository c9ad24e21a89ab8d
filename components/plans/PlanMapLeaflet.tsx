"use client";

import "leaflet/dist/leaflet.css";
import L from "leaflet";
import type { StaticImageData } from "next/image";
import iconoRetina from "leaflet/dist/images/marker-icon-2x.png";
import icono from "leaflet/dist/images/marker-icon.png";
import sombra from "leaflet/dist/images/marker-shadow.png";
import { MapContainer, Marker, Popup, ZoomControl } from "react-leaflet";
import { usePalabras } from "@/components/idioma/Palabras";
import { conDatos } from "@/lib/con-datos";
import { CapaTeselas } from "../mapa/CapaTeselas";
import styles from "./PlanDetail.module.css";

// The marker images come from our own bundle: Leaflet's default guesses a path from its CSS,
// which breaks under a bundler, and a CDN would be a third-party request. Turbopack hands
// images from node_modules over as a plain URL, webpack as StaticImageData: accept both.
const url = (imagen: StaticImageData | string) => (typeof imagen === "string" ? imagen : imagen.src);
const marcador = L.icon({
  iconUrl: url(icono),
  iconRetinaUrl: url(iconoRetina),
  shadowUrl: url(sombra),
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  shadowSize: [41, 41],
});

/** A place of a plan's dates (an act's own): its point and what its popup says. */
export interface LugarDelMapa {
  lat: number;
  lng: number;
  direccion: string;
  /** The acts held there. */
  actos: string[];
}

/**
 * Spec §9: zoom 13, 400 px high; the marker's popup shows the address. A programme whose acts
 * have places of their own shows them too, the map fitted to all.
 */
export default function PlanMapLeaflet({
  lat,
  lng,
  direccion,
  lugares = [],
}: {
  lat: number;
  lng: number;
  direccion: string;
  lugares?: LugarDelMapa[];
}) {
  const p = usePalabras("plan");
  const vista =
    lugares.length > 0
      ? { bounds: L.latLngBounds([[lat, lng], ...lugares.map((l): [number, number] => [l.lat, l.lng])]).pad(0.2) }
      : { center: [lat, lng] as [number, number], zoom: 13 };
  return (
    <MapContainer {...vista} maxZoom={17} scrollWheelZoom={false} zoomControl={false} className={styles.mapa}>
      <CapaTeselas atribucion={p.mapaAtribucion} />
      <ZoomControl position="topleft" zoomInTitle={p.mapaAcercar} zoomOutTitle={p.mapaAlejar} />
      <Marker position={[lat, lng]} icon={marcador} alt={conDatos(p.mapaMarcador, { direccion })} title={direccion}>
        <Popup>{direccion}</Popup>
      </Marker>
      {lugares.map((l) => (
        <Marker
          key={`${l.lat},${l.lng}`}
          position={[l.lat, l.lng]}
          icon={marcador}
          alt={conDatos(p.mapaMarcador, { direccion: l.direccion })}
          title={l.direccion}
        >
          <Popup>
            <strong>{l.direccion}</strong>
            {l.actos.length > 0 && <br />}
            {l.actos.join(" · ")}
          </Popup>
        </Marker>
      ))}
    </MapContainer>
  );
}
