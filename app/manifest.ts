import type { MetadataRoute } from "next";
import { site } from "@/lib/site";

/**
 * The web app manifest (/manifest.webmanifest, linked from every page by Next): Planazo installs
 * to a phone's home screen and opens on its own, on the home.
 */
export default function manifest(): MetadataRoute.Manifest {
  const { nombre } = site();
  return {
    name: nombre,
    short_name: nombre,
    description: "Planes, eventos y actividades cerca de ti, en tu pueblo y en los de alrededor.",
    lang: "es",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: "#c2410c",
    background_color: "#ffffff",
    icons: [
      { src: "/icono/192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icono/512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icono/enmascarable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
