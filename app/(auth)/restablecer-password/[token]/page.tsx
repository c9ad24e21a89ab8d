import type { Metadata } from "next";
import { ResetPasswordForm } from "@/components/cuenta/ResetPasswordForm";
import styles from "@/components/ui/ui.module.css";

export const metadata: Metadata = { title: "Restablecer contraseña", robots: { index: false } };

export default async function ResetPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return (
    <section className={styles.card}>
      <h1 className={styles.cardTitle}>Nueva contraseña</h1>
      <ResetPasswordForm token={token} />
    </section>
  );
}
