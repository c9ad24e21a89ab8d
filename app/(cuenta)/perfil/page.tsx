import type { Metadata } from "next";
import { Profile } from "@/components/cuenta/Profile";
import { ConPalabras } from "@/components/idioma/ConPalabras";
import { GestionSeguimientos } from "@/components/seguimientos/GestionSeguimientos";
import seguir from "@/components/seguimientos/seguimientos.module.css";
import styles from "@/components/ui/ui.module.css";
import { seguimientosDe } from "@/lib/seguimientos/seguimientos";
import { palabrasDePagina } from "@/lib/idioma-de-pagina";
import { preferenciasDe } from "@/lib/avisos/preferencias";
import { dispositivosDe } from "@/lib/avisos/push";
import { AvisosPerfil } from "@/components/cuenta/AvisosPerfil";
import { requirePageUser } from "@/lib/users/session";
import { prisma } from "@/lib/db";
import { esIdioma, IDIOMA_POR_DEFECTO } from "@/lib/idiomas";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await palabrasDePagina("nav")).perfil, robots: { index: false } };
}

export default async function ProfilePage() {
  const user = await requirePageUser("/perfil");
  const [avisos, seguimientos, dispositivos, nav, p, { idioma }] = await Promise.all([
    preferenciasDe(user.id),
    seguimientosDe({ usuarioId: user.id }),
    dispositivosDe(user.id),
    palabrasDePagina("nav"),
    palabrasDePagina("seguir"),
    prisma.user.findUniqueOrThrow({ where: { id: user.id }, select: { idioma: true } }),
  ]);
  return (
    <section className={styles.card}>
      <h1 className={styles.cardTitle}>{nav.perfil}</h1>
      <ConPalabras espacios={["perfil", "cuenta", "seguir"]}>
        <Profile
          usuario={{
            nombre: user.name,
            correo: user.email,
            google: user.google,
          }}
        />
        <AvisosPerfil
          inicial={avisos}
          dispositivos={dispositivos}
          idioma={esIdioma(idioma) ? idioma : IDIOMA_POR_DEFECTO}
        />
        <section aria-labelledby="seguimientos-titulo" className={seguir.enPerfil}>
          <h2 id="seguimientos-titulo">{p.seguimientosTitulo}</h2>
          <GestionSeguimientos inicial={seguimientos} nivelTitulo={3} />
        </section>
      </ConPalabras>
    </section>
  );
}
