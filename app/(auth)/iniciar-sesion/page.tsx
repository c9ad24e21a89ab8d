import type { Metadata } from "next";
import { LoginForm } from "@/components/cuenta/LoginForm";
import { PlanPorGuardar } from "@/components/cuenta/PlanPorGuardar";
import styles from "@/components/ui/ui.module.css";
import { env } from "@/lib/env";
import { mensajes } from "@/lib/messages";
import { vueltaConPlan } from "@/lib/favoritos/vuelta";

export const metadata: Metadata = { title: "Entrar", robots: { index: false } };

/**
 * The login page. Its address may carry the way back (`redirigir`) and a plan to save once logged
 * in (`guardar`, from a tap on a heart): the page then says so, with the plan's title.
 */
export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { destino, guardar } = await vueltaConPlan(await searchParams);
  return (
    <section className={styles.card}>
      <h1 className={styles.cardTitle}>Entrar</h1>
      {guardar && <PlanPorGuardar texto={mensajes.guardarTrasLogin} titulo={guardar.titulo} />}
      <LoginForm destino={destino} guardar={guardar?.id} googleClientId={env().GOOGLE_WEB_CLIENT_ID} />
    </section>
  );
}
