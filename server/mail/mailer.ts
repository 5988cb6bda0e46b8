import nodemailer, { type Transporter } from 'nodemailer';
import type { AppContext } from '../context';
import { Outbox } from './outbox';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

export interface Mailer {
  /** Where messages go: 'smtp' (SMTP_URL) or 'outbox' (local development default). */
  readonly mode: 'smtp' | 'outbox';
  readonly outbox: Outbox;
  /**
   * Queues a message. Never throws: a mail server being down must not fail the request that
   * triggered the mail (the user can ask for a new link); failures are logged.
   */
  send(message: MailMessage): void;
}

const DEFAULT_FROM = 'Agent Portal <no-reply@agent-portal.localhost>';

function printToConsole(message: MailMessage): void {
  if (process.env.VITEST || process.env.MAIL_LOG === '0') return;
  const lines = [`[mail] to ${message.to}: ${message.subject}`, ...message.links.map((link) => `[mail]   ${link}`)];
  process.stdout.write(lines.join('\n') + '\n');
}

/**
 * Mail through nodemailer: to the SMTP server in `SMTP_URL` (e.g. smtp://user:pass@host:587),
 * else to the in-memory outbox, printed to the console and listed at GET /dev/outbox.
 */
export function createMailer(env: NodeJS.ProcessEnv = process.env): Mailer {
  const outbox = new Outbox();
  const smtpUrl = env.SMTP_URL?.trim();
  const from = env.MAIL_FROM?.trim() || DEFAULT_FROM;
  const transport: Transporter = smtpUrl ? nodemailer.createTransport(smtpUrl) : nodemailer.createTransport({ jsonTransport: true });
  return {
    mode: smtpUrl ? 'smtp' : 'outbox',
    outbox,
    send(message) {
      if (!smtpUrl) {
        // Recorded before anything asynchronous, so the link is readable as soon as the request answered.
        outbox.add(message);
        printToConsole(message);
      }
      transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text }).catch((error: unknown) => {
        console.error(`[mail] sending "${message.subject}" to ${message.to} failed:`, error);
      });
    },
  };
}

const mailers = new WeakMap<AppContext, Mailer>();

/** The mailer of one server (keyed by its context, so test servers never share an outbox). */
export function mailerFor(ctx: AppContext): Mailer {
  let mailer = mailers.get(ctx);
  if (!mailer) {
    mailer = createMailer();
    mailers.set(ctx, mailer);
  }
  return mailer;
}
