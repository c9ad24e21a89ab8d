import type { Metadata } from "next";
import { PlanPorGuardar } from "@/components/cuenta/PlanPorGuardar";
import { RegisterForm } from "@/components/cuenta/RegisterForm";
import styles from "@/components/ui/ui.module.css";
import { mensajes } from "@/lib/messages";
import { conVuelta, LOGIN_PATH } from "@/lib/users/protected-pages";
import { vueltaConPlan } from "@/lib/favoritos/vuelta";

export const metadata: Metadata = { title: "Registrarse" };

/**
 * Registration. Reached from a login page that carried a way back and a plan to save, it carries
 * them on to the login page it leads to (its link, and the confirmation modal's close).
 */
export default async function RegisterPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { destino, guardar } = await vueltaConPlan(await searchParams);
  return (
    <section className={styles.card}>
      <h1 className={styles.cardTitle}>Crea tu cuenta</h1>
      {guardar && <PlanPorGuardar texto={mensajes.guardarTrasRegistro} titulo={guardar.titulo} />}
      <RegisterForm login={conVuelta(LOGIN_PATH, { redirigir: destino, guardar: guardar?.id })} />
    </section>
  );
}
