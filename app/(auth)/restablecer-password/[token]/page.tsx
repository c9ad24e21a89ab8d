import type { Metadata } from "next";
import { ResetPasswordForm } from "@/components/cuenta/ResetPasswordForm";
import { ConPalabras } from "@/components/idioma/ConPalabras";
import styles from "@/components/ui/ui.module.css";
import { palabrasDePagina } from "@/lib/idioma-de-pagina";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await palabrasDePagina("perfil")).restablecerPassword, robots: { index: false } };
}

export default async function ResetPage({ params }: { params: Promise<{ token: string }> }) {
  const [{ token }, p] = await Promise.all([params, palabrasDePagina("perfil")]);
  return (
    <section className={styles.card}>
      <h1 className={styles.cardTitle}>{p.nuevaPassword}</h1>
      <ConPalabras espacios={["perfil"]}>
        <ResetPasswordForm token={token} />
      </ConPalabras>
    </section>
  );
}
