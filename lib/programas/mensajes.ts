/** Every Spanish string of reading a programme, once: the call and the wizard read them here. */
export const mensajesProgramas = {
  sinTexto: "Pega el texto del programa o sube el archivo del programa.",
  textoLargo: "El texto del programa no puede tener más de 100.000 caracteres.",
  referenciaNoValida: "La fecha de referencia debe ser un día válido con el formato AAAA-MM-DD.",
} as const;
