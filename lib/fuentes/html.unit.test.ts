import { decodeHTML } from "entities";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import ReactMarkdown from "react-markdown";
import { describe, expect, it } from "vitest";
import { escaparHtml } from "../text";
import { htmlAMarkdown } from "./html";

/** The addresses of the links in markdown as the plan page renders it (react-markdown). */
const enlaces = (md: string) =>
  [...renderToStaticMarkup(createElement(ReactMarkdown, null, md)).matchAll(/<a href="([^"]*)"/g)].map((m) =>
    decodeHTML(m[1]),
  );

describe("htmlAMarkdown", () => {
  it("turns paragraphs, emphasis, lists and links into markdown", () => {
    const md = htmlAMarkdown(
      '<p>Fiesta <strong>mayor</strong> del pueblo.</p><ul><li>Charanga</li><li>Paella</li></ul><p><a href="https://ayto.example/fiestas">Programa</a></p>',
    );
    expect(md).toBe(
      "Fiesta **mayor** del pueblo.\n\n-   Charanga\n-   Paella\n\n[Programa](https://ayto.example/fiestas)",
    );
  });

  it("writes a link whose address has brackets, spaces, angle brackets or escapes so that it reads back whole", () => {
    for (const href of [
      "https://es.wikipedia.org/wiki/Fiesta_(desambiguación)",
      "https://agenda.example/buscar?q=fiesta)",
      "https://agenda.example/foto_(1.jpg",
      "https://agenda.example/programa fiestas.pdf",
      "https://agenda.example/?q=<fiesta>&copy;=1",
      "https://agenda.example/a\\)b",
    ]) {
      const md = htmlAMarkdown(`<p>Más en <a href="${escaparHtml(href)}">la agenda</a>.</p>`);
      expect(md).toMatch(/^Más en \[la agenda\]\(\S+\)\.$/);
      expect(enlaces(md).map(decodeURI)).toEqual([href]);
    }
  });

  it("drops scripts, styles, frames and event handlers with everything inside", () => {
    const md = htmlAMarkdown(
      '<p onclick="robar()">Hola</p><script>alert("x")</script><style>p{}</style><iframe src="https://x.example"></iframe>',
    );
    expect(md).toBe("Hola");
    expect(md).not.toMatch(/alert|robar|iframe|<|>/);
  });

  it("keeps the text of a link whose scheme is not http(s) or mailto", () => {
    expect(htmlAMarkdown('<a href="javascript:alert(1)">pulsa</a> aquí')).toBe("pulsa aquí");
  });

  it("leaves no tag behind, even one written as escaped text", () => {
    const md = htmlAMarkdown("<p>&lt;script&gt;alert(1)&lt;/script&gt; y &amp; más</p>");
    expect(md).not.toMatch(/[<>]/);
    expect(md).toContain("& más");
  });

  it("takes out control and bidirectional characters, also those written as entities", () => {
    expect(htmlAMarkdown("<p>&#x202E;Con\u2066 charanga&#1;</p>")).toBe("Con charanga");
  });

  it("keeps plain text and its line breaks as they are", () => {
    expect(htmlAMarkdown("Primera línea\nSegunda línea")).toBe("Primera línea\nSegunda línea");
    expect(htmlAMarkdown("")).toBe("");
    expect(htmlAMarkdown(null)).toBe("");
  });

  it("turns line breaks of an HTML text without blocks into breaks", () => {
    expect(htmlAMarkdown("Uno &amp; dos\nTres")).toBe("Uno & dos  \nTres");
  });
});
