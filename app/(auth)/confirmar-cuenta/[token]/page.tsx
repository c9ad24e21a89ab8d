import type { Metadata } from "next";
import { ConfirmAccount } from "@/components/cuenta/ConfirmAccount";
import styles from "@/components/ui/ui.module.css";

export const metadata: Metadata = { title: "Confirmar cuenta", robots: { index: false } };

export default async function ConfirmPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return (
    <section className={styles.card}>
      <ConfirmAccount token={token} />
    </section>
  );
}
