"use client";

import "leaflet/dist/leaflet.css";
import L from "leaflet";
import type { StaticImageData } from "next/image";
import iconoRetina from "leaflet/dist/images/marker-icon-2x.png";
import icono from "leaflet/dist/images/marker-icon.png";
import sombra from "leaflet/dist/images/marker-shadow.png";
import { MapContainer, Marker, Popup, ZoomControl } from "react-leaflet";
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

/** Spec §9: zoom 13, 400 px high; the marker's popup shows the address. */
export default function PlanMapLeaflet({ lat, lng, direccion }: { lat: number; lng: number; direccion: string }) {
  return (
    <MapContainer center={[lat, lng]} zoom={13} scrollWheelZoom={false} zoomControl={false} className={styles.mapa}>
      <CapaTeselas />
      <ZoomControl position="topleft" zoomInTitle="Acercar" zoomOutTitle="Alejar" />
      <Marker position={[lat, lng]} icon={marcador} alt={`Marcador: ${direccion}`} title={direccion}>
        <Popup>{direccion}</Popup>
      </Marker>
    </MapContainer>
  );
}
