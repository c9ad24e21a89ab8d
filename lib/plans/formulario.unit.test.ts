import { describe, expect, it } from "vitest";
import { mensajes, pistas } from "../messages";
import {
  CAMPOS_INICIALES,
  errorFormularioPlan,
  erroresFormularioPlan,
  formularioPlan,
  erroresDelPaso,
  HORAS_DEL_DIA,
  leerFechaEscrita,
  minimoFecha,
  primerPasoConFallos,
  type CamposPlan,
} from "./formulario";

const AHORA = Date.parse("2026-06-10T10:00:00Z");
const cartel = (nombre = "cartel.png") => new File([new Uint8Array([137, 80, 78, 71])], nombre, { type: "image/png" });

/** A complete event of the wizard, ready to publish. */
const evento = (cambios: Partial<CamposPlan> = {}): CamposPlan => ({
  ...CAMPOS_INICIALES,
  tipo: "evento",
  categorias: ["Fiesta", "Cultura"],
  titulo: "  Verbena  ",
  municipio: "Griegos",
  direccion: " Plaza Mayor, 1 ",
  ubicacion: { lng: -1.712, lat: 40.427 },
  fechaInicio: "2026-06-20T22:00",
  fechaFin: "2026-06-21T03:00",
  precio: "12.50",
  emailContacto: "fiestas@example.com",
  telefonoContacto: "600 000 111",
  privacidad: true,
  cartel: cartel(),
  ...cambios,
});

describe("the date pickers' limit", () => {
  it("offers nothing before today in Madrid", () => {
    // 23:30 UTC on 1 March is already 2 March in Madrid.
    expect(minimoFecha(new Date("2026-03-01T23:30:00Z"))).toBe("2026-03-02T00:00");
  });
});

describe("formularioPlan", () => {
  it("builds the multipart form of spec §7, trimmed, with the contact fields only while the switch is on", () => {
    const f = formularioPlan(evento());
    expect(Object.fromEntries([...f].filter(([, v]) => typeof v === "string"))).toEqual({
      tipo: "evento",
      categorias: "Fiesta,Cultura",
      titulo: "Verbena",
      idioma: "es",
      direccion: "Plaza Mayor, 1",
      municipio: "Griegos",
      ubicacion: JSON.stringify({ type: "Point", coordinates: [-1.712, 40.427] }),
      fechaInicio: "2026-06-20T20:00:00.000Z",
      fechaFin: "2026-06-21T01:00:00.000Z",
      descripcion: "",
      precio: "12.50",
      organizacionId: "",
      accesible: "false",
      emailContacto: "fiestas@example.com",
      telefonoContacto: "600 000 111",
    });
    expect(formularioPlan(evento({ accesible: true })).get("accesible")).toBe("true");
    // 'Es gratis' is price 0 whatever the field held; off and empty, the price is not given.
    expect(formularioPlan(evento({ gratis: true })).get("precio")).toBe("0");
    expect(formularioPlan(evento({ precio: " " })).get("precio")).toBe("");
    expect((f.get("archivoCartel") as File).name).toBe("cartel.png");
    const sinContacto = formularioPlan(evento({ contacto: false }));
    expect(sinContacto.has("emailContacto")).toBe(false);
    expect(sinContacto.has("telefonoContacto")).toBe(false);
    const datos = formularioPlan(evento(), "datos");
    expect(["descripcion", "precio", "organizacionId", "emailContacto"].some((k) => datos.has(k))).toBe(false);
    const experiencia = formularioPlan(
      evento({
        tipo: "experiencia",
        fechaInicio: "",
        fechaFin: "",
        horarios: [{ diaSemana: 6, horaInicio: "10:00", horaFin: "12:00" }],
      }),
    );
    expect(experiencia.get("horariosDisponibles")).toBe('[{"diaSemana":6,"horaInicio":"10:00","horaFin":"12:00"}]');
    expect(experiencia.get("fechaFin")).toBe("");
  });

  it("sends the text's language always, and the edit page's translations with a title, trimmed", () => {
    expect(formularioPlan(evento({ idioma: "eu" }), "datos").get("idioma")).toBe("eu");
    // The wizard has none to send: an edit's `textos` replaces them all.
    expect(formularioPlan(evento()).has("textos")).toBe(false);
    const vacio = { titulo: "", descripcion: "" };
    const textos = {
      es: { titulo: "Verbena", descripcion: "Su texto" },
      ca: { titulo: " Revetlla ", descripcion: " A la plaça \n" },
      eu: { titulo: " ", descripcion: "Azalpena bakarrik" },
      gl: vacio,
      en: vacio,
    };
    const f = formularioPlan(evento({ idioma: "es", textos }));
    expect(f.get("idioma")).toBe("es");
    expect(JSON.parse(f.get("textos") as string)).toEqual({ ca: { titulo: "Revetlla", descripcion: "A la plaça" } });
    expect(formularioPlan(evento({ idioma: "es", textos: { ...textos, ca: vacio } })).get("textos")).toBe("{}");
  });

  it("names the poster stored in advance instead of sending the file again", () => {
    const temporal = {
      _id: "7f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e5f",
      urlArchivoTemporal: "/media/x.webp",
      nombre: "c.png",
    };
    const f = formularioPlan(evento({ archivoTemporal: temporal }));
    expect(f.get("archivoTemporalId")).toBe(temporal._id);
    expect(f.has("archivoCartel")).toBe(false);
    // A draft resumed elsewhere has no file at all: the stored poster is enough for the rules.
    expect(
      errorFormularioPlan(evento({ cartel: null, archivoTemporal: temporal }), {
        modo: "crear",
        parte: "todo",
        ahora: AHORA,
      }),
    ).toBeNull();
    expect(formularioPlan(evento()).has("archivoTemporalId")).toBe(false);
  });
});

describe("errorFormularioPlan: the API's rules on the form the browser sends", () => {
  const crear = (c: CamposPlan, parte: "datos" | "todo" = "datos") =>
    errorFormularioPlan(c, { modo: "crear", parte, ahora: AHORA });

  it("gives the data step's messages in the order of spec §5", () => {
    expect(crear(evento({ ubicacion: null }))).toBe(mensajes.ubicacionFalta);
    expect(crear(evento({ direccion: "  " }))).toBe(mensajes.ubicacionFalta);
    expect(crear(evento({ titulo: "" }))).toBe(mensajes.todosObligatorios);
    expect(crear(evento({ cartel: null }))).toBe(mensajes.todosObligatorios);
    expect(crear(evento({ fechaFin: "" }))).toBe(mensajes.fechaFinFalta);
    expect(crear(evento({ fechaInicio: "" }))).toBe(mensajes.fechaInicioFalta);
    expect(crear(evento({ fechaInicio: "2026-06-22T10:00" }))).toBe(mensajes.fechaInicioPosterior);
    expect(crear(evento({ fechaInicio: "2026-06-01T10:00", fechaFin: "2026-06-08T10:00" }))).toBe(
      mensajes.fechaFinPasadaEvento,
    );
    expect(crear(evento({ fechaFin: "2026-08-30T10:00" }))).toBe(mensajes.duracionMaxima);
    expect(crear(evento({ cartel: cartel("cartel.gif") }))).toBe(mensajes.imagenTipo);
    const enorme = new File([new Uint8Array(10 * 1024 * 1024 + 1)], "enorme.png", { type: "image/png" });
    expect(crear(evento({ cartel: enorme }))).toBe(mensajes.imagenGrande);
    expect(crear(evento({ tipo: "experiencia" }))).toBe(mensajes.horariosFaltan);
    expect(crear(evento({ tipo: "experiencia", horarios: [{ diaSemana: 1, horaInicio: "12:00", horaFin: "" }] }))).toBe(
      mensajes.horariosFaltan,
    );
    expect(
      crear(evento({ tipo: "experiencia", horarios: [{ diaSemana: 1, horaInicio: "12:00", horaFin: "11:00" }] })),
    ).toBe(mensajes.horaFinAnterior);
    // The optional step's fields are not looked at yet.
    expect(crear(evento({ privacidad: false, precio: "-3" }))).toBeNull();
  });

  it("checks the optional step: privacy first, then price and contact", () => {
    expect(crear(evento({ privacidad: false, precio: "3.456" }), "todo")).toBe(mensajes.debesAceptarPrivacidad);
    expect(crear(evento({ precio: "3.456" }), "todo")).toBe(mensajes.precioNoValido);
    expect(crear(evento({ precio: "-1" }), "todo")).toBe(mensajes.precioNoValido);
    expect(crear(evento({ telefonoContacto: "6".repeat(51) }), "todo")).toBe(mensajes.campoLargo);
    expect(crear(evento({ emailContacto: "no-es-un-correo" }), "todo")).toBe(mensajes.correoFormato);
    expect(crear(evento({ precio: "" }), "todo")).toBeNull();
  });

  it("uses the update wording, counts a stored poster, and asks for privacy only with the contact switch on", () => {
    const actualizar = (c: CamposPlan, cartelGuardado = true) =>
      errorFormularioPlan(c, { modo: "actualizar", parte: "todo", cartelGuardado, ahora: AHORA });
    expect(actualizar(evento({ titulo: " " }))).toBe(mensajes.tituloObligatorio);
    expect(actualizar(evento({ cartel: null }), false)).toBe(mensajes.cartelObligatorio);
    expect(actualizar(evento({ cartel: null }))).toBeNull();
    expect(actualizar(evento({ fechaInicio: "2026-06-01T10:00", fechaFin: "2026-06-08T10:00" }))).toBe(
      mensajes.fechaFinPasadaPlan,
    );
    expect(actualizar(evento({ tipo: "experiencia" }))).toBe(mensajes.horariosFaltanActualizar);
    expect(actualizar(evento({ privacidad: false }))).toBe(mensajes.debesAceptarPrivacidad);
    expect(actualizar(evento({ privacidad: false, contacto: false }))).toBeNull();
  });
});

describe("erroresFormularioPlan: every failing field with its hint, and the first message", () => {
  const todo = (c: CamposPlan, modo: "crear" | "actualizar" = "crear") =>
    erroresFormularioPlan(c, { modo, parte: "todo", cartelGuardado: false, ahora: AHORA });

  it("marks every empty field of a new event while the message stays the spec's first one", () => {
    const r = todo({ ...CAMPOS_INICIALES, tipo: "evento" });
    expect(r.mensaje).toBe(mensajes.ubicacionFalta);
    // The first cause says the message at its own field.
    expect(r.primero).toEqual({ campo: "municipio", texto: mensajes.ubicacionFalta });
    expect(r.campos).toEqual({
      municipio: pistas.municipio,
      direccion: pistas.direccion,
      titulo: pistas.titulo,
      cartel: pistas.cartel,
      fechaFin: pistas.fechaFin,
      fechaInicio: pistas.fechaInicio,
      privacidad: pistas.privacidad,
    });
    expect(r.mensaje).toBe(
      errorFormularioPlan({ ...CAMPOS_INICIALES, tipo: "evento" }, { modo: "crear", parte: "todo", ahora: AHORA }),
    );
  });

  it("puts the date rules on the end date and each day's hours on that day", () => {
    expect(todo(evento({ fechaInicio: "2026-06-20T22:00", fechaFin: "2026-09-20T22:00" }))).toEqual({
      mensaje: mensajes.duracionMaxima,
      campos: { fechaFin: pistas.duracion },
      primero: { campo: "fechaFin", texto: mensajes.duracionMaxima },
    });
    expect(
      todo(evento({ fechaInicio: "2026-06-22T22:00", fechaFin: "2026-06-21T22:00", emailContacto: "mal" })),
    ).toEqual({
      mensaje: mensajes.fechaInicioPosterior,
      campos: { fechaFin: pistas.finAntesDeInicio, emailContacto: pistas.correo },
      primero: { campo: "fechaFin", texto: mensajes.fechaInicioPosterior },
    });
    const semana = todo(
      evento({
        tipo: "experiencia",
        fechaInicio: "",
        fechaFin: "",
        horarios: [
          { diaSemana: 6, horaInicio: "10:00", horaFin: "" },
          { diaSemana: 0, horaInicio: "12:00", horaFin: "11:00" },
        ],
      }),
      "actualizar",
    );
    expect(semana).toEqual({
      mensaje: mensajes.horariosFaltanActualizar,
      campos: { "horario-6": pistas.horas, "horario-0": pistas.horaFinAntes },
      primero: { campo: "horario-6", texto: mensajes.horariosFaltanActualizar },
    });
    expect(todo(evento({ tipo: "experiencia", horarios: [] })).campos).toEqual({ horarios: pistas.dias });
    expect(todo(evento())).toEqual({ mensaje: null, campos: {}, primero: null });
  });

  it("says a general message at its field by the field's hint, which names what is missing", () => {
    const sinCartel = todo(evento({ cartel: null }));
    expect(sinCartel.mensaje).toBe(mensajes.todosObligatorios);
    expect(sinCartel.primero).toEqual({ campo: "cartel", texto: pistas.cartel });
    // The location message asks for a suggestion of the municipality, not for the address.
    expect(todo(evento({ direccion: "" })).primero).toEqual({ campo: "direccion", texto: pistas.direccion });
    expect(todo(evento({ privacidad: false })).primero).toEqual({
      campo: "privacidad",
      texto: mensajes.debesAceptarPrivacidad,
    });
    expect(erroresDelPaso({ ...CAMPOS_INICIALES }, 1)).toEqual({
      mensaje: mensajes.tipoObligatorio,
      campos: { tipo: pistas.tipo },
      primero: { campo: "tipo", texto: mensajes.tipoObligatorio },
    });
  });

  it("sends the last step's failures back to the earliest step that shows a failing field", () => {
    const sinCartel = todo(evento({ cartel: null, privacidad: false }));
    expect(Object.keys(sinCartel.campos)).toEqual(["cartel", "privacidad"]);
    expect(primerPasoConFallos(Object.keys(sinCartel.campos))).toBe(3);
    expect(primerPasoConFallos(["privacidad", "precio"])).toBe(4);
    expect(primerPasoConFallos(["horario-3", "privacidad"])).toBe(3);
    expect(primerPasoConFallos(["emailContacto", "tipo"])).toBe(1);
    expect(primerPasoConFallos([])).toBeNull();
  });
});

describe("dates typed as the spec shows them", () => {
  it("reads dd/MM/yyyy HH:mm into a picker value and says why anything else cannot be", () => {
    expect(leerFechaEscrita("25/12/2026 20:30")).toEqual({ valor: "2026-12-25T20:30" });
    expect(leerFechaEscrita(" 5/1/2027 9.15 ")).toEqual({ valor: "2027-01-05T09:15" });
    expect(leerFechaEscrita("")).toEqual({ valor: "" });
    expect(leerFechaEscrita("31/02/2027 10:00")).toEqual({ error: pistas.fechaFormato });
    expect(leerFechaEscrita("2027-01-05 10:00")).toEqual({ error: pistas.fechaFormato });
    expect(leerFechaEscrita("05/01/2027 10:10")).toEqual({ error: pistas.fechaPaso });
  });

  it("offers every quarter of an hour of the day", () => {
    expect(HORAS_DEL_DIA).toHaveLength(96);
    expect(HORAS_DEL_DIA.slice(0, 3)).toEqual(["00:00", "00:15", "00:30"]);
    expect(HORAS_DEL_DIA.at(-1)).toBe("23:45");
  });
});
