/** The multipart form of spec §7: the text fields, and the logo only when one was chosen. */
export function formularioOrganizacion(d: {
  nombre: string;
  direccion: string;
  emailContacto: string;
  telefonoContacto: string;
  descripcion: string;
  logo: File | null;
}): FormData {
  const form = new FormData();
  form.append("nombre", d.nombre);
  form.append("direccion", d.direccion);
  form.append("emailContacto", d.emailContacto);
  form.append("telefonoContacto", d.telefonoContacto);
  // The update sends the description only when it is not empty (spec §7).
  if (d.descripcion) form.append("descripcion", d.descripcion);
  if (d.logo) form.append("archivoLogo", d.logo, d.logo.name);
  return form;
}
