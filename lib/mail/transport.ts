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

/** The local default: the message stays in the outbox table and is logged. */
export const logTransport: MailTransport = {
  async send(email) {
    console.info(`[correo] para ${email.to}: ${email.subject}`);
  },
};

export function mailTransport(): MailTransport {
  const { RESEND_API_KEY, MAIL_FROM } = env();
  return RESEND_API_KEY ? resendTransport(RESEND_API_KEY, MAIL_FROM) : logTransport;
}
