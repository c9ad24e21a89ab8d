/** Every Spanish string of reading a programme, once: the call and the wizard read them here. */
export const mensajesProgramas = {
  sinTexto: "Pega el texto del programa o sube el archivo del programa.",
  textoLargo: "El texto del programa no puede tener más de 100.000 caracteres.",
  referenciaNoValida: "La fecha de referencia debe ser un día válido con el formato AAAA-MM-DD.",
  archivoGrande: "El archivo del programa no puede pesar más de 10 MB.",
  tipoNoAdmitido: "El programa debe ser un PDF, un documento de Word (.docx) o una imagen PNG, JPEG o WebP.",
  archivoIlegible: "No hemos podido abrir el archivo del programa. Comprueba que no esté dañado o pega su texto.",
  demasiadasPaginas: "El PDF del programa no puede tener más de 30 páginas.",
  demasiadasEscaneadas: "El PDF tiene más de 6 páginas escaneadas: sube solo las del programa o pega su texto.",
  sinOcr: "Este servidor no lee imágenes ni páginas escaneadas: sube el PDF o el Word del programa, o pega su texto.",
  ocrLento: "La imagen ha tardado demasiado en leerse. Prueba con una foto más pequeña o pega el texto del programa.",
  municipioDesconocido: "No conocemos ese municipio: escribe su nombre o su código INE de 5 cifras.",
  sinLeerArchivo: "No hemos encontrado texto en el archivo. Prueba con otra foto o pega el texto del programa.",
} as const;
