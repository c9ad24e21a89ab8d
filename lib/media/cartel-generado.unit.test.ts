import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { dibujarCartelGenerado, svgCartel } from "./cartel-generado";

const DATOS = {
  titulo: "Cantada d'havaneres a la platja de Calella amb rom cremat i col·lecció de vaixells antics",
  categoria: "Fiestas de pueblo",
  fecha: "SÁB 5 DIC",
  municipio: "Palafrugell",
  marca: "Cartel generado",
};

describe("the generated poster as an image", () => {
  it("draws every word as a path of the brand's face, never as text a machine's fonts would draw", () => {
    const svg = svgCartel(DATOS);
    expect(svg).not.toContain("<text");
    // The pill, the title (cut to three lines), the date, the town and the caption: many glyphs.
    expect(svg.match(/<path /g)!.length).toBeGreaterThan(100);
    // Latin Extended too: "ŀ" comes from the face's other half and still has a shape.
    expect(svgCartel({ ...DATOS, titulo: "Ŀ" }).match(/<path /g)!.length).toBeGreaterThan(
      svgCartel({ ...DATOS, titulo: " " }).match(/<path /g)!.length,
    );
  });

  it("is a 1200×800 PNG whose middle holds the words, as its og:image crop keeps", async () => {
    const png = await dibujarCartelGenerado(DATOS);
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 1200, 800]);
    // The band the og:image keeps has white in it (the words); the rows it cuts have none.
    const blanco = async (top: number, height: number) => {
      const { data } = await sharp(png)
        .extract({ left: 0, top, width: 1200, height })
        .raw()
        .toBuffer({ resolveWithObject: true });
      for (let i = 0; i < data.length; i += 3) if (data[i] > 240 && data[i + 1] > 240 && data[i + 2] > 240) return true;
      return false;
    };
    expect(await blanco(85, 630)).toBe(true);
    expect(await blanco(0, 80)).toBe(false);
    expect(await blanco(720, 80)).toBe(false);
  });
});
