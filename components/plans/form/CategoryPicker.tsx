"use client";

import { usePalabras } from "@/components/idioma/Palabras";
import { nombreCategoria } from "@/lib/plans/categorias";
import { CATEGORIAS, type Categoria } from "@/lib/plans/constants";
import { alternarCategoria } from "@/lib/busqueda/estado-url";
import styles from "./form.module.css";

/** The plan's categories as toggle buttons, 'Otros' first and by default, with the rules of spec §4. */
export function CategoryPicker({
  value,
  onChange,
  leyenda,
}: {
  value: Categoria[];
  onChange: (c: Categoria[]) => void;
  leyenda: string;
}) {
  const p = usePalabras("categorias");
  return (
    <fieldset className={styles.grupo}>
      <legend className={styles.leyenda}>{leyenda}</legend>
      <div className={styles.chips}>
        {CATEGORIAS.map((c) => (
          <button
            key={c}
            type="button"
            className={styles.chip}
            aria-pressed={value.includes(c)}
            onClick={() => onChange(alternarCategoria(value, c))}
          >
            {nombreCategoria(c, p)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
