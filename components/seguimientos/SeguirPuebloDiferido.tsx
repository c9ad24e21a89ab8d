"use client";

import { lazy, Suspense } from "react";
import type { PuebloASeguir } from "./SeguirPueblo";

const SeguirPueblo = lazy(() => import("./SeguirPueblo").then((m) => ({ default: m.SeguirPueblo })));

/**
 * SeguirPueblo where it sits in a closed <details> ("Seguir esta búsqueda", a town without plans): the
 * server still writes it into the page, and its script comes after the page's first load, not in it.
 */
export function SeguirPuebloDiferido(props: { pueblo: PuebloASeguir; conSesion: boolean }) {
  return (
    <Suspense fallback={null}>
      <SeguirPueblo {...props} />
    </Suspense>
  );
}
