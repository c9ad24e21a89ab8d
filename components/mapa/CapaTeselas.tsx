"use client";

import { useEffect } from "react";
import { TileLayer, useMap } from "react-leaflet";
import { TESELAS_OSM_URL } from "@/lib/teselas";
import styles from "./mapa.module.css";

const PREFIJO_ATRIBUCION = '<a href="https://leafletjs.com">Leaflet</a>';

/**
 * The tile layer of every map (plan page, location picker, home search): the tiles of
 * MAP_TILES_URL, which the root layout puts on <html data-teselas> (lib/env.ts validates it and
 * lib/security.ts lets the pages load its host). Under the tiles the map is a plain light
 * land colour, so where tiles cannot load (offline, blocked) the markers, the radius and the
 * controls still show on it, never on Leaflet's empty grey (a tile that fails is an image with
 * an empty alt, which draws nothing). `atribucion` names OpenStreetMap's contributors in the page's
 * language (its map's words); Spanish by default.
 */
export function CapaTeselas({ atribucion = "colaboradores de OpenStreetMap" }: { atribucion?: string }) {
  const map = useMap();
  useEffect(() => {
    map.getContainer().classList.add(styles.fondo);
    // Leaflet's own credit, without its English tooltip ("A JavaScript library for interactive
    // maps") on pages in five other languages.
    map.attributionControl?.setPrefix(PREFIJO_ATRIBUCION);
  }, [map]);
  const url = (typeof document !== "undefined" && document.documentElement.dataset.teselas) || TESELAS_OSM_URL;
  return (
    <TileLayer url={url} attribution={`&copy; <a href="https://www.openstreetmap.org/copyright">${atribucion}</a>`} />
  );
}

/** The app's map pin, drawn in SVG: no image requests, the same look on every map. */
export const PIN_SVG =
  '<svg width="32" height="44" viewBox="0 0 32 44" aria-hidden="true" focusable="false"><path d="M16 1C7.7 1 1 7.6 1 15.8 1 27 16 43 16 43s15-16 15-27.2C31 7.6 24.3 1 16 1z" fill="#c2410c" stroke="#fff" stroke-width="2"/><circle cx="16" cy="16" r="5.5" fill="#fff"/></svg>';
