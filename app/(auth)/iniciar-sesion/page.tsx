import type { Metadata } from "next";
import { LoginForm } from "@/components/account/LoginForm";
import styles from "@/components/ui/ui.module.css";
import { env } from "@/lib/env";

export const metadata: Metadata = { title: "Entrar", robots: { index: false } };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ redirigir?: string }> }) {
  const { redirigir } = await searchParams;
  return (
    <section className={styles.card}>
      <h1 className={styles.cardTitle}>Entrar</h1>
      <LoginForm redirigir={redirigir} googleClientId={env().GOOGLE_WEB_CLIENT_ID} />
    </section>
  );
}
