import ui from "@/components/ui/ui.module.css";
import styles from "./gestion.module.css";

/** A back-office list's filters: a GET form to the list's own route (the filters live in the URL), and its button. */
export function Filtros({
  ruta,
  boton = "Buscar",
  children,
}: {
  ruta: string;
  boton?: string;
  children: React.ReactNode;
}) {
  return (
    <form className={styles.filtros} action={ruta} role="search">
      {children}
      <button type="submit" className="button">
        {boton}
      </button>
    </form>
  );
}

/** A text filter (the query parameter `nombre`). */
export function FiltroTexto({ nombre, etiqueta, valor }: { nombre: string; etiqueta: string; valor?: string }) {
  return (
    <div className={styles.campo}>
      <label htmlFor={nombre}>{etiqueta}</label>
      <input id={nombre} name={nombre} type="search" className={ui.input} defaultValue={valor} />
    </div>
  );
}

/** A choice filter (the query parameter `nombre`); an option with value "" means all. */
export function FiltroOpciones({
  nombre,
  etiqueta,
  valor,
  opciones,
}: {
  nombre: string;
  etiqueta: string;
  valor: string;
  opciones: readonly { valor: string; texto: string }[];
}) {
  return (
    <div className={styles.campo}>
      <label htmlFor={nombre}>{etiqueta}</label>
      <select id={nombre} name={nombre} className={ui.input} defaultValue={valor}>
        {opciones.map((o) => (
          <option key={o.valor} value={o.valor}>
            {o.texto}
          </option>
        ))}
      </select>
    </div>
  );
}
