import type { Metadata } from "next";
import { LoginForm } from "@/components/cuenta/LoginForm";
import { PlanPorGuardar } from "@/components/cuenta/PlanPorGuardar";
import { ConPalabras } from "@/components/idioma/ConPalabras";
import styles from "@/components/ui/ui.module.css";
import { env } from "@/lib/env";
import { palabrasDePagina } from "@/lib/idioma-de-pagina";
import { vueltaConPlan } from "@/lib/favoritos/vuelta";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await palabrasDePagina("perfil")).entrar, robots: { index: false } };
}

/**
 * The login page. Its address may carry the way back (`redirigir`) and a plan to save once logged
 * in (`guardar`, from a tap on a heart): the page then says so, with the plan's title.
 */
export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [{ destino, guardar }, p, cuenta] = await Promise.all([
    searchParams.then(vueltaConPlan),
    palabrasDePagina("perfil"),
    palabrasDePagina("cuenta"),
  ]);
  return (
    <section className={styles.card}>
      <h1 className={styles.cardTitle}>{p.entrar}</h1>
      {guardar && <PlanPorGuardar texto={cuenta.guardarTrasLogin} titulo={guardar.titulo} />}
      <ConPalabras espacios={["perfil", "recordatorios"]}>
        <LoginForm destino={destino} guardar={guardar?.id} googleClientId={env().GOOGLE_WEB_CLIENT_ID} />
      </ConPalabras>
    </section>
  );
}
