import type { Metadata } from "next";
import { LoginForm } from "@/components/account/LoginForm";
import styles from "@/components/ui/ui.module.css";
import { env } from "@/lib/env";
import { site } from "@/lib/site";

export const metadata: Metadata = { title: "Entrar", robots: { index: false } };

/**
 * A copy running on this machine (the demo, development): whoever looks at it can set
 * GOOGLE_CLIENT_IDS, so the login page says why there is no Google button. A public site
 * without it simply has none.
 */
function sitioLocal(): boolean {
  return ["localhost", "127.0.0.1", "[::1]"].includes(new URL(site().url).hostname);
}

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ redirigir?: string }> }) {
  const { redirigir } = await searchParams;
  return (
    <section className={styles.card}>
      <h1 className={styles.cardTitle}>Entrar</h1>
      <LoginForm redirigir={redirigir} googleClientId={env().GOOGLE_WEB_CLIENT_ID} avisoSinGoogle={sitioLocal()} />
    </section>
  );
}
