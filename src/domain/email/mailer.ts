import nodemailer from 'nodemailer';
import type { Config } from '#platform/config.ts';
import { LIST_UNSUBSCRIBE_POST } from './unsubscribe.ts';

// The one module that talks SMTP (DESIGN.md: an external service sits behind one module whose address
// comes from config). SMTP_URL unset means no mailer: messages stay in the outbox.

/** How long any one step of a send may take, so a dead or silent server cannot hold a request. */
export const SMTP_TIMEOUT_MS = 10_000;

export interface MailMessage {
  from: { name: string; address: string };
  to: string;
  replyTo?: string | null;
  subject: string;
  html: string;
  text: string;
  /** One-click unsubscribe address (RFC 8058), for the List-Unsubscribe headers. */
  unsubscribeUrl?: string | null;
}

export interface Mailer {
  /** Resolves once the server accepted the message; rejects with the reason otherwise. */
  send(message: MailMessage): Promise<void>;
}

/** The outgoing side as the outbox needs it: the mailer (or null without SMTP) and the From address. */
export interface EmailSender {
  mailer: Mailer | null;
  fromAddress: string;
}

// One transport per runtime configuration, created on first use and reused for every message.
const transports = new WeakMap<Config, Mailer>();

export function smtpMailer(smtpUrl: string): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
    dnsTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    async send(message) {
      await transport.sendMail({
        from: message.from,
        to: message.to,
        replyTo: message.replyTo ?? undefined,
        subject: message.subject,
        html: message.html,
        text: message.text,
        ...(message.unsubscribeUrl ? { headers: { 'List-Unsubscribe': `<${message.unsubscribeUrl}>`, 'List-Unsubscribe-Post': LIST_UNSUBSCRIBE_POST } } : {}),
      });
    },
  };
}

/** MAIL_FROM as a bare address ("Reviews <reviews@x.test>" gives "reviews@x.test"). */
export function fromAddress(mailFrom: string): string {
  return /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
}

export function emailSender(config: Config): EmailSender {
  let mailer: Mailer | null = null;
  if (config.smtpUrl) {
    mailer = transports.get(config) ?? smtpMailer(config.smtpUrl);
    transports.set(config, mailer);
  }
  return { mailer, fromAddress: fromAddress(config.mailFrom) };
}
