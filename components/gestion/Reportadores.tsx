import styles from "./gestion.module.css";

/**
 * Who reported a plan: the reporters' addresses (the newest first), "y N más" beyond those
 * shown, and "Anónimo" for reports made without an account. Never the plan's author.
 */
export function Reportadores({
  correos,
  conCuenta,
  anonimos,
}: {
  correos: string[];
  conCuenta: number;
  anonimos: number;
}) {
  const partes = [...correos];
  if (conCuenta > correos.length) partes.push(`${conCuenta - correos.length} más`);
  if (anonimos > 0) partes.push(anonimos === 1 ? "Anónimo" : `Anónimo (${anonimos})`);
  return (
    <p className={styles.secundario}>
      Reportado por <span className={styles.reportadores}>{partes.join(", ")}</span>
    </p>
  );
}
