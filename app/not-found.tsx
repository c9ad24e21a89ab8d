import Link from "next/link";
import { mensajes } from "@/lib/messages";

export default function NotFound() {
  return (
    <section>
      <h1>{mensajes.paginaNoEncontrada}</h1>
      <p>
        <Link href="/">Volver a los planes</Link>
      </p>
    </section>
  );
}
