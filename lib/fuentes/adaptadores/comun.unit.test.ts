import { describe, expect, it } from "vitest";
import { textoPlano } from "./comun";

describe("textoPlano", () => {
  it("drops tags, decodes entities and collapses spaces", () => {
    expect(textoPlano("  <b>Concierto</b>\n de  &quot;jazz&quot; &amp; blues&nbsp;")).toBe(
      'Concierto de "jazz" & blues',
    );
  });

  it("decodes every named entity, not only Latin-1's", () => {
    expect(textoPlano("Caf&eacute; &rarr; m&uacute;sica &hearts; &Scaron;koda &oelig;uvre")).toBe(
      "Café → música ♥ Škoda œuvre",
    );
  });

  it("decodes the legacy entities written without ';' as a browser does, and leaves a bare '&' alone", () => {
    expect(textoPlano("Tom &amp Jerry, caf&eacute con leche")).toBe("Tom & Jerry, café con leche");
    expect(textoPlano("AT&T &zzz; R&B")).toBe("AT&T &zzz; R&B");
  });

  it("reads numeric references as a browser does: windows-1252 for C1 codes, U+FFFD for the invalid", () => {
    expect(textoPlano("&#65;&#x1F600; &#128;10 &#x80;5")).toBe("A😀 €10 €5");
    expect(textoPlano("a&#0;b &#xD800;")).toBe("a\uFFFDb \uFFFD");
  });
});
