import type { Metadata } from "next";
import { RegisterForm } from "@/components/account/RegisterForm";
import styles from "@/components/ui/ui.module.css";

export const metadata: Metadata = { title: "Registrarse" };

export default function RegisterPage() {
  return (
    <section className={styles.card}>
      <h1 className={styles.cardTitle}>Crea tu cuenta</h1>
      <RegisterForm />
    </section>
  );
}
