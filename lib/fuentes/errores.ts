/** An answer that does not read as the kind it was taken for: its message is Spanish and reaches the source's last result. */
export class FormatoNoValido extends Error {}

/** A URL or an answer the safe fetcher refused (lib/fuentes/descarga.ts): its message is Spanish, for the person. */
export class DescargaRechazada extends Error {}
