import { describe, expect, it } from "vitest";
import { organizacionJsonLd, organizacionMetadata } from "./organizacion";
import { site } from "../site";
import { horariosOrdenados } from "../plans/texto";
import { descripcionPlan, jsonLdScript, planJsonLd, planMetadata, segmentoCanonico } from "./plan";
import { resumen, textoPlano } from "../text";
import { planDeEjemplo } from "@/test-support/plan-ejemplo";

const ORG = "9f1d2c3b-4a5e-4f60-8172-93a4b5c6d7e8";
const plan = planDeEjemplo;

describe("plan SEO helpers", () => {
  it("strips markdown and HTML from a description", () => {
    expect(textoPlano(plan().descripcion)).toBe(
      "Gran verbena\n\nCon orquesta y fuegos hasta el amanecer. Sin entradas.",
    );
    expect(textoPlano("- uno\n- _dos_\n\n> cita `código`\n\n![alt](x.png)")).toBe("uno\ndos\n\ncita código\n\nalt");
  });

  it("cuts a summary at a word, with an ellipsis, to at most 160 characters", () => {
    const largo = "palabra ".repeat(40);
    const r = resumen(largo);
    expect(r.length).toBeLessThanOrEqual(160);
    expect(r.endsWith("palabra…")).toBe(true);
    expect(resumen("  corto \n texto ")).toBe("corto texto");
  });

  it("describes a plan as date · municipality · start of the description", () => {
    expect(descripcionPlan(plan())).toBe(
      "Del 14 ago, 22:00 al 15 ago, 04:00 · Albarracín · Gran verbena Con orquesta y fuegos hasta el amanecer. Sin entradas.",
    );
    const exp = plan({
      tipo: "experiencia",
      fechaInicio: null,
      fechaFin: null,
      horariosDisponibles: [
        { diaSemana: 0, horaInicio: "10:00", horaFin: "12:00" },
        { diaSemana: 6, horaInicio: "10:00", horaFin: "12:00" },
      ],
    });
    expect(descripcionPlan(exp).startsWith("Sábado y domingo · Albarracín · ")).toBe(true);
  });

  it("builds the page metadata with an absolute 1200×630 preview and noindex only once finished", () => {
    const m = planMetadata(plan(), new Date("2026-08-01T00:00:00Z"));
    expect(m.title).toBe("Verbena de las fiestas");
    expect(m.alternates?.canonical).toBe(plan().urlPlan);
    expect(m.openGraph).toMatchObject({
      url: plan().urlPlan,
      siteName: "Planazo",
      locale: "es_ES",
      images: [
        { url: `${site().url}/media/carteles/abc/og.jpg`, width: 1200, height: 630, alt: "Verbena de las fiestas" },
      ],
    });
    expect(m.twitter).toMatchObject({ card: "summary_large_image" });
    expect(m.robots).toBeUndefined();
    expect(planMetadata(plan(), new Date("2026-08-16T00:00:00Z")).robots).toMatchObject({ index: false });
    expect(planMetadata(plan({ archivoCartel: null })).twitter).toMatchObject({ card: "summary" });
  });

  it("describes an event as a schema.org Event with Madrid offsets, place, offer and organizer", () => {
    const ld = planJsonLd(plan({ organizacion: { _id: ORG, nombre: "Peña El Cierzo" }, organizacionId: ORG }));
    expect(ld).toMatchObject({
      "@type": "Event",
      name: "Verbena de las fiestas",
      startDate: "2026-08-14T22:00:00+02:00",
      endDate: "2026-08-15T04:00:00+02:00",
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      location: {
        "@type": "Place",
        address: { streetAddress: "Plaza Mayor, 1", addressLocality: "Albarracín", addressCountry: "ES" },
        geo: { latitude: 40.4079, longitude: -1.4443 },
      },
      offers: { price: 12.5, priceCurrency: "EUR", url: plan().urlPlan },
      organizer: {
        "@type": "Organization",
        name: "Peña El Cierzo",
        url: `${site().url}/org/Pe%C3%B1a-El-Cierzo/${ORG}`,
      },
    });
    expect(ld.organizer).not.toHaveProperty("award");
    // A verified organizer says so with Organization's `award` (schema.org has no "verified").
    const verificada = planJsonLd(plan({ organizacion: { _id: ORG, nombre: "Peña El Cierzo" }, organizacionId: ORG }), {
      organizacionVerificada: true,
    });
    expect(verificada.organizer).toEqual({
      "@type": "Organization",
      name: "Peña El Cierzo",
      url: `${site().url}/org/Pe%C3%B1a-El-Cierzo/${ORG}`,
      award: "Organización verificada por Planazo",
    });
    expect(planJsonLd(plan({ precio: null }))).not.toHaveProperty("offers");
  });

  it("describes an experience as a TouristAttraction with opening hours, Monday first", () => {
    const ld = planJsonLd(
      plan({
        tipo: "experiencia",
        horariosDisponibles: [
          { diaSemana: 0, horaInicio: "10:00", horaFin: "12:30" },
          { diaSemana: 1, horaInicio: "17:00", horaFin: "19:00" },
        ],
      }),
    );
    expect(ld["@type"]).toBe("TouristAttraction");
    expect(ld.openingHoursSpecification).toEqual([
      { "@type": "OpeningHoursSpecification", dayOfWeek: "Monday", opens: "17:00", closes: "19:00" },
      { "@type": "OpeningHoursSpecification", dayOfWeek: "Sunday", opens: "10:00", closes: "12:30" },
    ]);
    expect(
      horariosOrdenados([
        { diaSemana: 6, horaInicio: "09:00", horaFin: "10:00" },
        { diaSemana: 1, horaInicio: "09:00", horaFin: "10:00" },
      ]).map((h) => h.diaSemana),
    ).toEqual([1, 6]);
  });

  it("says an accessible plan's place is accessible (amenityFeature), and says nothing of the others", () => {
    const rasgo = [
      { "@type": "LocationFeatureSpecification", name: "Accesible para personas con movilidad reducida", value: true },
    ];
    expect((planJsonLd(plan({ accesible: true })).location as Record<string, unknown>).amenityFeature).toEqual(rasgo);
    expect(planJsonLd(plan({ accesible: true, tipo: "experiencia" })).amenityFeature).toEqual(rasgo);
    expect(JSON.stringify(planJsonLd(plan({ accesible: false })))).not.toContain("amenityFeature");
  });

  it("escapes '<' so a description cannot close the JSON-LD script", () => {
    const s = jsonLdScript(planJsonLd(plan({ titulo: "</script><script>alert(1)</script>" })));
    expect(s).not.toContain("<");
    expect(JSON.parse(s).name).toBe("</script><script>alert(1)</script>");
  });

  it("recognises the canonical title segment whether Next hands it encoded or decoded", () => {
    expect(segmentoCanonico("Fiesta-de-Añón", "Fiesta-de-Añón")).toBe(true);
    expect(segmentoCanonico(encodeURIComponent("Fiesta-de-Añón"), "Fiesta-de-Añón")).toBe(true);
    expect(segmentoCanonico("otra-cosa", "Fiesta-de-Añón")).toBe(false);
    expect(segmentoCanonico("100%-real", "100%-real")).toBe(true);
  });

  it("describes an organization with its logo preview and schema.org data", () => {
    const org = {
      _id: ORG,
      nombre: "Peña El Cierzo",
      descripcion: "Peña de **amigos**",
      direccion: "Calle Mayor 3",
      emailContacto: "pena@example.com",
      telefonoContacto: "600 000 222",
      usuario: "u1",
      fechaCreacion: "2026-01-01T00:00:00.000Z",
      archivoLogo: {
        url: `${site().url}/media/logos/l/original.webp`,
        nombre: "logo.png",
        path: "logos/l/original.webp",
        contentType: "image/webp",
        md5sum: "x",
        hash: "y",
        width: 120,
        height: 120,
      },
    };
    const m = organizacionMetadata(org);
    expect(m).toMatchObject({
      title: "Peña El Cierzo",
      description: "Peña de amigos",
      openGraph: { images: [{ url: `${site().url}/media/logos/l/og.jpg`, width: 1200, height: 630 }] },
    });
    expect(organizacionJsonLd(org)).toMatchObject({
      "@type": "Organization",
      name: "Peña El Cierzo",
      url: `${site().url}/org/Pe%C3%B1a-El-Cierzo/${ORG}`,
      logo: org.archivoLogo.url,
      email: "pena@example.com",
      telephone: "600 000 222",
      address: { streetAddress: "Calle Mayor 3", addressCountry: "ES" },
    });
    expect(organizacionJsonLd(org)).not.toHaveProperty("award");
    expect(organizacionJsonLd(org, true)).toMatchObject({
      "@type": "Organization",
      name: "Peña El Cierzo",
      award: "Organización verificada por Planazo",
    });
  });
});

describe("schema.org of a plan with several dates", () => {
  const dia = (n: number, h: number) => new Date(Math.floor(Date.now() / 86_400_000 + n) * 86_400_000 + h * 3_600_000);
  const fecha = (n: number, h: number, extra: { titulo?: string; direccion?: string } = {}) => ({
    id: `00000000-0000-4000-8000-00000000000${n + 5}`,
    inicio: dia(n, h).toISOString(),
    fin: dia(n, h + 2).toISOString(),
    titulo: extra.titulo ?? null,
    direccion: extra.direccion ?? null,
    ubicacion: null,
  });

  it("gives an Event per date still to come, so each can be a search result", () => {
    const fechas = [fecha(-2, 19), fecha(1, 19), fecha(2, 19)];
    const ld = planJsonLd(plan({ fechas, fechaInicio: fechas[0].inicio, fechaFin: fechas[2].fin }));
    expect(ld["@context"]).toBe("https://schema.org");
    const eventos = ld["@graph"] as Record<string, unknown>[];
    expect(eventos.map((e) => [e["@type"], e.name, e.startDate])).toEqual([
      ["Event", plan().titulo, expect.stringMatching(/^\d{4}-\d\d-\d\dT/)],
      ["Event", plan().titulo, expect.any(String)],
    ]);
    expect(new Date(String(eventos[0].startDate)).getTime()).toBe(new Date(fechas[1].inicio).getTime());
  });

  it("gives a programme as the whole event with its acts as subEvents, each at its own place", () => {
    const fechas = [
      fecha(1, 18, { titulo: "Pregón", direccion: "Balcón del Ayuntamiento" }),
      fecha(1, 22, { titulo: "Verbena" }),
    ];
    const ld = planJsonLd(
      plan({ titulo: "Fiestas de San Roque", fechas, fechaInicio: fechas[0].inicio, fechaFin: fechas[1].fin }),
    );
    expect(ld["@type"]).toBe("Event");
    const actos = ld.subEvent as Record<string, { name?: string }>[];
    expect(actos.map((a) => a.name)).toEqual(["Pregón · Fiestas de San Roque", "Verbena · Fiestas de San Roque"]);
    expect(actos[0].location.name).toBe("Balcón del Ayuntamiento");
  });
});
