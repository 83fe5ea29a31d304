import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

/**
 * The `Mailer` port. The built-in default writes each message as an .eml file under `${DATA_DIR}/outbox` and
 * logs it, so a fresh machine "sends" mail a person can open; SMTP (nodemailer) when SMTP_URL is set.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What kind of message (order-confirmation, password-reset, back-in-stock): logged and named in the file. */
  kind: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<{ id: string }>;
}

export interface MailerSettings {
  from: string;
  smtpUrl?: string;
  outboxDir: string;
  logger?: Pick<Logger, 'info' | 'error'>;
}

function safeName(value: string): string {
  return value.replace(/[^a-z0-9@._-]+/gi, '_').slice(0, 80);
}

/** Writes RFC 5322 messages (built by nodemailer) into a folder: one file per message. */
export function createOutboxMailer(settings: MailerSettings): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    async send(message) {
      const info = await transport.sendMail({
        from: settings.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: { 'X-Ridgeline-Kind': message.kind },
      });
      await mkdir(settings.outboxDir, { recursive: true });
      sequence += 1;
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = join(
        settings.outboxDir,
        `${stamp}-${process.pid}-${sequence}-${message.kind}-${safeName(message.to)}.eml`,
      );
      // Written under a hidden name and renamed into place once whole: a person or a script watching the outbox
      // never opens a message half written (a test read one so, the address still missing).
      const partial = join(settings.outboxDir, `.${process.pid}-${sequence}.partial`);
      await writeFile(partial, info.message as Buffer);
      await rename(partial, file);
      settings.logger?.info({ to: message.to, kind: message.kind, file }, 'mail written to outbox');
      return { id: info.messageId };
    },
  };
}

export function createSmtpMailer(settings: MailerSettings & { smtpUrl: string }): Mailer {
  const transport = nodemailer.createTransport(settings.smtpUrl);
  return {
    async send(message) {
      const info = await transport.sendMail({
        from: settings.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      settings.logger?.info({ to: message.to, kind: message.kind, id: info.messageId }, 'mail sent');
      return { id: info.messageId };
    },
  };
}

export function createMailer(settings: MailerSettings): Mailer {
  return settings.smtpUrl
    ? createSmtpMailer({ ...settings, smtpUrl: settings.smtpUrl })
    : createOutboxMailer(settings);
}
