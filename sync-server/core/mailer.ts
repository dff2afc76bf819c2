import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  /** smtp://user:pass@host:587 or smtps://...; when unset, mail goes to `outboxDir`. */
  smtpUrl?: string;
  outboxDir: string;
  from?: string;
  log: (message: string) => void;
}

export const DEFAULT_FROM = 'Chess Learning App <no-reply@localhost>';

/**
 * Sends mail through SMTP when SMTP_URL is set; otherwise writes each message as an .eml file
 * into DATA_DIR/outbox and logs where, with its links in plain text, so a person running the
 * server locally can still verify an account or reset a password.
 */
export function createMailer(options: MailerOptions): Mailer {
  const from = options.from ?? DEFAULT_FROM;
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from, ...message });
      },
    };
  }
  const render = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let counter = 0;
  return {
    async send(message) {
      const info = await render.sendMail({ from, ...message });
      await mkdir(options.outboxDir, { recursive: true });
      counter += 1;
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${counter}.eml`;
      const file = join(options.outboxDir, name);
      await writeFile(file, info.message as Buffer);
      // The .eml is quoted-printable (a long link is broken across lines there): the links are
      // printed whole, each on its own line, to copy from the console (issue 20).
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      options.log([`E-mail to ${message.to} ("${message.subject}") written to ${file} (no SMTP_URL set).`, ...links.map((link) => `  Link: ${link}`)].join('\n'));
    },
  };
}
