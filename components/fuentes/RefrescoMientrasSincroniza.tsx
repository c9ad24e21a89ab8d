"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/** How often the page is read again while a source on it syncs. */
const CADA_MS = 3000;

/**
 * While a source on the page is syncing (a new calendar's first sync takes seconds), reads the
 * page again every few seconds, so its result shows when it arrives without a reload; it stops
 * once none is. A hidden tab waits. Renders nothing.
 */
export function RefrescoMientrasSincroniza({ activo }: { activo: boolean }) {
  const router = useRouter();
  useEffect(() => {
    if (!activo) return;
    const reloj = setInterval(() => {
      if (document.visibilityState === "visible") router.refresh();
    }, CADA_MS);
    return () => clearInterval(reloj);
  }, [activo, router]);
  return null;
}
