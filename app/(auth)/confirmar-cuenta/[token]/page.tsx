import type { Metadata } from "next";
import { ConfirmAccount } from "@/components/cuenta/ConfirmAccount";
import { ConPalabras } from "@/components/idioma/ConPalabras";
import styles from "@/components/ui/ui.module.css";
import { palabrasDePagina } from "@/lib/idioma-de-pagina";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await palabrasDePagina("perfil")).confirmarCuenta, robots: { index: false } };
}

export default async function ConfirmPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return (
    <section className={styles.card}>
      <ConPalabras espacios={["perfil"]}>
        <ConfirmAccount token={token} />
      </ConPalabras>
    </section>
  );
}
