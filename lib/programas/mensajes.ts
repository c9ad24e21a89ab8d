import es from "@/mensajes/es.json";

/** Every Spanish string of reading a programme, once: the call answers them in its page's language. */
export const mensajesProgramas = es.programas;
