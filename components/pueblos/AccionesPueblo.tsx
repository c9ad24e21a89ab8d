import Link from "next/link";
import type { MunicipioConRuta } from "@/lib/geo/slug";
import { conDatos, mensajes } from "@/lib/messages";
import styles from "./pueblos.module.css";

/**
 * The town page's actions, right above its plans. This row is where "Suscribirse al calendario"
 * (the town's ICS feed) and "Seguir" (the weekly e-mail) go (issue 18, parts 2 and 4); for now it
 * holds a plain link to every plan of the radius in the home search, so the buttons to come stand out.
 */
export function AccionesPueblo({ municipio, busqueda }: { municipio: MunicipioConRuta; busqueda: string }) {
  return (
    <div
      className={styles.acciones}
      role="group"
      aria-label={conDatos(mensajes.puebloAcciones, { municipio: municipio.nombre })}
      data-acciones-pueblo
    >
      <Link className={styles.verTodos} href={busqueda} prefetch={false}>
        {mensajes.puebloVerTodos}
      </Link>
    </div>
  );
}
