import { env } from "../env";

export interface Email {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058); the provider adds them to the message. */
  headers?: Record<string, string> | null;
}

export interface MailTransport {
  send(email: Email): Promise<void>;
}

/** Resend's HTTP API (https://resend.com/docs/api-reference/emails/send-email). */
export function resendTransport(
  apiKey: string,
  from: string,
  endpoint = "https://api.resend.com/emails",
): MailTransport {
  return {
    async send(email) {
      const res = await fetch(endpoint, {
        method: "POST",
        headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" },
        body: JSON.stringify({
          from,
          to: [email.to],
          subject: email.subject,
          text: email.text,
          html: email.html,
          ...(email.headers && Object.keys(email.headers).length > 0 && { headers: email.headers }),
        }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`Resend ${res.status}: ${(await res.text()).slice(0, 500)}`);
    },
  };
}

/** The local default: the message stays in the outbox table and one line is logged. */
export const logTransport: MailTransport = {
  async send(email) {
    console.info(`[correo] para ${email.to}: ${email.subject}`);
  },
};

/**
 * The demo's and development's default (CORREO_EN_CONSOLA=1): the whole message in the server's
 * output, as Django's console backend does, so its links (confirming an account, resetting a
 * password) can be followed without a mail provider. Never production's: it prints tokens.
 */
export const consoleTransport: MailTransport = {
  async send(email) {
    const linea = "─".repeat(72);
    console.info(`[correo] para ${email.to}: ${email.subject}\n${linea}\n${email.text.trim()}\n${linea}`);
  },
};

export function mailTransport({ RESEND_API_KEY, MAIL_FROM, CORREO_EN_CONSOLA } = env()): MailTransport {
  if (RESEND_API_KEY) return resendTransport(RESEND_API_KEY, MAIL_FROM);
  return CORREO_EN_CONSOLA === "1" ? consoleTransport : logTransport;
}
