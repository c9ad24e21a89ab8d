"use client";

import { useEffect, useRef } from "react";
import { useIdioma } from "@/components/idioma/ContextoIdioma";

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback: (r: { credential: string }) => void }): void;
      renderButton(element: HTMLElement, options: Record<string, unknown>): void;
    };
  };
}

const GIS_SRC = "https://accounts.google.com/gsi/client";

/** The 'Sign in with Google' button of Google Identity Services, in the page's language; it hands us an ID token. */
export function GoogleButton({ clientId, onToken }: { clientId: string; onToken: (idToken: string) => void }) {
  const idioma = useIdioma();
  const ref = useRef<HTMLDivElement>(null);
  const onTokenRef = useRef(onToken);
  useEffect(() => {
    onTokenRef.current = onToken;
  });
  useEffect(() => {
    function render() {
      const google = (window as unknown as { google?: GoogleIdentity }).google;
      if (!google || !ref.current) return;
      google.accounts.id.initialize({ client_id: clientId, callback: (r) => onTokenRef.current(r.credential) });
      google.accounts.id.renderButton(ref.current, {
        theme: "outline",
        size: "large",
        text: "signin_with",
        locale: idioma,
        shape: "pill",
      });
    }
    let script = document.querySelector<HTMLScriptElement>(`script[src="${GIS_SRC}"]`);
    if (!script) {
      script = document.createElement("script");
      script.src = GIS_SRC;
      script.async = true;
      document.head.appendChild(script);
    }
    script.addEventListener("load", render);
    render();
    return () => script?.removeEventListener("load", render);
  }, [clientId, idioma]);
  return <div ref={ref} />;
}
