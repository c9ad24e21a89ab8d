import type { Metadata } from "next";
import { PlanPorGuardar } from "@/components/cuenta/PlanPorGuardar";
import { RegisterForm } from "@/components/cuenta/RegisterForm";
import { ConPalabras } from "@/components/idioma/ConPalabras";
import styles from "@/components/ui/ui.module.css";
import { palabrasDePagina } from "@/lib/idioma-de-pagina";
import { conVuelta, LOGIN_PATH } from "@/lib/users/protected-pages";
import { vueltaConPlan } from "@/lib/favoritos/vuelta";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await palabrasDePagina("nav")).registrarse };
}

/**
 * Registration. Reached from a login page that carried a way back and a plan to save, it carries
 * them on to the login page it leads to (its link, and the confirmation modal's close).
 */
export default async function RegisterPage({
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
      <h1 className={styles.cardTitle}>{p.creaTuCuenta}</h1>
      {guardar && <PlanPorGuardar texto={cuenta.guardarTrasRegistro} titulo={guardar.titulo} />}
      <ConPalabras espacios={["perfil", "cuenta"]}>
        <RegisterForm login={conVuelta(LOGIN_PATH, { redirigir: destino, guardar: guardar?.id })} />
      </ConPalabras>
    </section>
  );
}
