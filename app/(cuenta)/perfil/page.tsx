import type { Metadata } from "next";
import { Profile } from "@/components/account/Profile";
import styles from "@/components/ui/ui.module.css";
import { prisma } from "@/lib/db";
import { recordatoriosActivos } from "@/lib/reminders/reminders";
import { requirePageUser } from "@/lib/users/session";

export const metadata: Metadata = { title: "Perfil", robots: { index: false } };

export default async function ProfilePage() {
  const user = await requirePageUser("/perfil");
  return (
    <section className={styles.card}>
      <h1 className={styles.cardTitle}>Perfil</h1>
      <Profile
        usuario={{
          nombre: user.name,
          correo: user.email,
          google: user.google,
          recordatorios: await recordatoriosActivos(prisma, user.id),
        }}
      />
    </section>
  );
}
