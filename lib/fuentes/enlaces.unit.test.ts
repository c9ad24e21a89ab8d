import { describe, expect, it } from "vitest";
import { direccionDeFuente } from "./enlaces";

const GRUPO = "c_5d2a8f0e4b7c13a9e6f1d0b8c2a4e7f9@group.calendar.google.com";
const ICAL_GRUPO =
  "https://calendar.google.com/calendar/ical/c_5d2a8f0e4b7c13a9e6f1d0b8c2a4e7f9%40group.calendar.google.com/public/basic.ics";
const GMAIL = "festejos.ayto.siguenza@gmail.com";
const ICAL_GMAIL = "https://calendar.google.com/calendar/ical/festejos.ayto.siguenza%40gmail.com/public/basic.ics";
/** The same ids as Google's share links and newer embed codes write them: base64 without padding. */
const base64 = (id: string) => Buffer.from(id).toString("base64").replace(/=+$/, "");

describe("direccionDeFuente", () => {
  it("turns a Google Calendar embed link into the calendar's public iCalendar address", () => {
    const casos = [
      // What "Integrar el calendario" gives, id percent-encoded.
      `https://calendar.google.com/calendar/embed?src=${encodeURIComponent(GRUPO)}&ctz=Europe%2FMadrid`,
      // The iframe of the customised embed: several calendars (the first is the town's), ids in base64.
      `https://calendar.google.com/calendar/embed?height=600&wkst=2&ctz=Europe%2FMadrid&bgcolor=%23ffffff&showPrint=0&src=${base64(GRUPO)}&src=ZXMuc3BhaW4jaG9saWRheUBncm91cC52Mi5jYWxlbmRhci5nb29nbGUuY29t&color=%23039BE5&color=%230B8043`,
      // With the account's number, and an id left as it was typed.
      `https://calendar.google.com/calendar/u/0/embed?src=${GRUPO}&ctz=Europe/Madrid&mode=AGENDA`,
      // The older address on www.google.com, and its HTML-only embed.
      `https://www.google.com/calendar/embed?src=${encodeURIComponent(GRUPO)}&ctz=Europe/Madrid`,
      `https://calendar.google.com/calendar/htmlembed?src=${encodeURIComponent(GRUPO)}&ctz=Europe%2FMadrid`,
      // An embed code that encoded the id twice.
      `https://calendar.google.com/calendar/embed?src=${encodeURIComponent(encodeURIComponent(GRUPO))}`,
    ];
    for (const enlace of casos) expect([enlace, direccionDeFuente(enlace)]).toEqual([enlace, ICAL_GRUPO]);
  });

  it("turns a Google Calendar share link (cid in base64) into the calendar's public iCalendar address", () => {
    const casos = [
      `https://calendar.google.com/calendar/u/0?cid=${base64(GMAIL)}`,
      `https://calendar.google.com/calendar/u/1?cid=${base64(GMAIL)}`,
      `https://calendar.google.com/calendar/r?cid=${base64(GMAIL)}`,
      `https://calendar.google.com/calendar/render?cid=${base64(GMAIL)}`,
      `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(GMAIL)}`,
      // Base64 with its padding, as some pages keep it.
      `https://calendar.google.com/calendar/u/0?cid=${encodeURIComponent(Buffer.from(GMAIL).toString("base64"))}`,
    ];
    for (const enlace of casos) expect([enlace, direccionDeFuente(enlace)]).toEqual([enlace, ICAL_GMAIL]);
  });

  it("keeps a Google holiday calendar's id whole, its # encoded", () => {
    expect(
      direccionDeFuente(
        "https://calendar.google.com/calendar/embed?src=ZXMuc3BhaW4jaG9saWRheUBncm91cC52Mi5jYWxlbmRhci5nb29nbGUuY29t",
      ),
    ).toBe(
      "https://calendar.google.com/calendar/ical/es.spain%23holiday%40group.v2.calendar.google.com/public/basic.ics",
    );
  });

  it("takes the feed a site's 'add to Google Calendar' button names", () => {
    expect(
      direccionDeFuente(
        "https://calendar.google.com/calendar/render?cid=webcal%3A%2F%2Fwww.aytosiguenza.es%2Feventos%2F%3Fical%3D1",
      ),
    ).toBe("https://www.aytosiguenza.es/eventos/?ical=1");
    expect(direccionDeFuente("https://www.google.com/calendar/render?cid=http://agenda.example/cultura.ics")).toBe(
      "http://agenda.example/cultura.ics",
    );
  });

  it("turns a published Outlook calendar's web page into its .ics", () => {
    const casos: [string, string][] = [
      [
        "https://outlook.office365.com/owa/calendar/8c1f5b2e9a7d4c3fb6e0d1a2c3b4e5f6@aytosiguenza.es/0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a12345678901234567/calendar.html",
        "https://outlook.office365.com/owa/calendar/8c1f5b2e9a7d4c3fb6e0d1a2c3b4e5f6@aytosiguenza.es/0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a12345678901234567/calendar.ics",
      ],
      [
        "https://outlook.live.com/owa/calendar/00000000-0000-0000-0000-000000000000/5a6b7c8d-1e2f-4a3b-9c8d-7e6f5a4b3c2d/cid-3A1F0C2B9E8D7A6B/calendar.html",
        "https://outlook.live.com/owa/calendar/00000000-0000-0000-0000-000000000000/5a6b7c8d-1e2f-4a3b-9c8d-7e6f5a4b3c2d/cid-3A1F0C2B9E8D7A6B/calendar.ics",
      ],
      [
        "https://outlook.office.com/owa/calendar/4f2e1d0c@peña.example/9b8a7c6d/reachcalendar.html",
        "https://outlook.office.com/owa/calendar/4f2e1d0c@pe%C3%B1a.example/9b8a7c6d/reachcalendar.ics",
      ],
    ];
    for (const [enlace, ics] of casos) expect([enlace, direccionDeFuente(enlace)]).toEqual([enlace, ics]);
  });

  it("reads webcal:// and webcals:// as https://", () => {
    expect(direccionDeFuente("webcal://www.aytosiguenza.es/eventos/?ical=1")).toBe(
      "https://www.aytosiguenza.es/eventos/?ical=1",
    );
    expect(direccionDeFuente("webcals://cloud.asociacion.example/remote.php/dav/public-calendars/Xk3pQ9?export")).toBe(
      "https://cloud.asociacion.example/remote.php/dav/public-calendars/Xk3pQ9?export",
    );
    expect(
      direccionDeFuente(`WEBCAL://calendar.google.com/calendar/ical/${encodeURIComponent(GRUPO)}/public/basic.ics`),
    ).toBe(ICAL_GRUPO);
    // A webcal link to an Outlook page is still its page: it becomes the .ics too.
    expect(direccionDeFuente("webcal://outlook.office365.com/owa/calendar/a1@ayto.es/b2/calendar.html")).toBe(
      "https://outlook.office365.com/owa/calendar/a1@ayto.es/b2/calendar.ics",
    );
  });

  it("leaves every other address as it was given", () => {
    const iguales = [
      ICAL_GRUPO,
      // A private address is the calendar already.
      "https://calendar.google.com/calendar/ical/festejos.ayto.siguenza%40gmail.com/private-0a1b2c3d4e5f60718293a4b5c6d7e8f9/basic.ics",
      "https://outlook.office365.com/owa/calendar/a1@ayto.es/b2/calendar.ics",
      "https://www.aytosiguenza.es/eventos/?ical=1",
      "http://127.0.0.1:4321/agenda.ics",
      // Google pages that name no calendar, or not one we can tell.
      "https://calendar.google.com/calendar/u/0/r",
      "https://calendar.google.com/calendar/embed?ctz=Europe%2FMadrid",
      "https://calendar.google.com/calendar/embed?src=no-es-un-calendario",
      "https://calendar.google.com/calendar/event?eid=NWFmM2Jj&ctz=Europe/Madrid",
      // The same paths on other sites are theirs.
      `https://calendar.example/calendar/embed?src=${encodeURIComponent(GRUPO)}`,
      "https://outlook.example/owa/calendar/a1/calendar.html",
      // Outlook's other pages are not a published calendar.
      "https://outlook.office365.com/calendar/view/month",
      // Not addresses the schema accepts: they stay for it to refuse.
      "ftp://agenda.example/eventos.ics",
      "no es una dirección",
      "",
    ];
    for (const enlace of iguales) expect(direccionDeFuente(enlace)).toBe(enlace);
  });
});
