/** The documented user shape: never a password hash or a token. */
export interface UsuarioApi {
  _id: string;
  nombre: string;
  correo: string;
  google: boolean;
}

export function serializeUsuario(user: {
  id: string;
  name: string;
  email: string;
  google?: boolean | null;
}): UsuarioApi {
  return { _id: user.id, nombre: user.name, correo: user.email, google: Boolean(user.google) };
}
