import ReactMarkdown, { type Components } from "react-markdown";
import styles from "./PlanDetail.module.css";

function Enlace({ href, children }: React.ComponentProps<"a">) {
  const externo = href !== undefined && /^https?:\/\//i.test(href);
  if (!externo) return <a href={href}>{children}</a>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow ugc">
      {children}
      <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
    </a>
  );
}

/**
 * A user's markdown (descriptions, spec §2). Raw HTML is shown as text (react-markdown never
 * renders it), unsafe URLs are dropped, remote images are not loaded, and every heading takes
 * the level the page gives it so the outline stays in order.
 */
export function Markdown({ texto, nivelTitulos }: { texto: string; nivelTitulos: 2 | 3 }) {
  const h = `h${nivelTitulos}` as const;
  const components: Components = { h1: h, h2: h, h3: h, h4: h, h5: h, h6: h, a: Enlace };
  return (
    <div className={styles.markdown}>
      <ReactMarkdown components={components} disallowedElements={["img"]}>
        {texto}
      </ReactMarkdown>
    </div>
  );
}
