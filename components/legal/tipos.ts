/** What the legal texts say about us: product name, public address and contact e-mail (lib/site.ts). */
export interface DatosSitio {
  nombre: string;
  url: string;
  contacto: string;
}
