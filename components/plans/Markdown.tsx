import ReactMarkdown, { type Components } from "react-markdown";
import styles from "./PlanDetail.module.css";

/** An external link, said to open in a new tab (`nuevaPestana`, the page's words). */
function enlace(nuevaPestana: string) {
  return function Enlace({ href, children }: React.ComponentProps<"a">) {
    const externo = href !== undefined && /^https?:\/\//i.test(href);
    if (!externo) return <a href={href}>{children}</a>;
    return (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow ugc">
        {children}
        <span className="visually-hidden">{` ${nuevaPestana}`}</span>
      </a>
    );
  };
}

/**
 * A user's markdown (descriptions, spec §2). Raw HTML is shown as text (react-markdown never
 * renders it), unsafe URLs are dropped, remote images are not loaded, and every heading takes
 * the level the page gives it so the outline stays in order. `nuevaPestana` is the page's
 * "(se abre en una pestaña nueva)": this renders on the server and in the browser alike, so its
 * caller hands the words over.
 */
export function Markdown({
  texto,
  nivelTitulos,
  nuevaPestana = "(se abre en una pestaña nueva)",
}: {
  texto: string;
  nivelTitulos: 2 | 3;
  nuevaPestana?: string;
}) {
  const h = `h${nivelTitulos}` as const;
  const components: Components = { h1: h, h2: h, h3: h, h4: h, h5: h, h6: h, a: enlace(nuevaPestana) };
  return (
    <div className={styles.markdown}>
      <ReactMarkdown components={components} disallowedElements={["img"]}>
        {texto}
      </ReactMarkdown>
    </div>
  );
}
