/** An answer that does not read as the kind it was taken for: its message is Spanish and reaches the source's last result. */
export class FormatoNoValido extends Error {}
