import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

type Say = (line: string) => void;

/**
 * Portal mail through nodemailer: to SMTP_URL when set, else each message as an `.eml` file in
 * DATA_DIR/outbox/ (the two-command start works offline; the log says where the files go). The SMTP
 * URL may hold a password: it is never logged, and a failure is reported by its message only.
 */
export function makeMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>, say: Say): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return mailerOver(transport, config.mailFrom, async () => undefined);
  }
  const outbox = join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return mailerOver(transport, config.mailFrom, async (message) => {
    await mkdir(outbox, { recursive: true, mode: 0o700 });
    // Sortable by time, unique within the millisecond.
    const file = join(
      outbox,
      `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`,
    );
    // Whole or not at all: a reader (a person, a test) never finds half a message under the name.
    await writeFile(`${file}.part`, message, { mode: 0o600 });
    await rename(`${file}.part`, file);
    say(`Portal mail written to ${file} (SMTP_URL is not set)`);
  });
}

function mailerOver(
  transport: Transporter,
  from: string,
  written: (message: Buffer) => Promise<void>,
): Mailer {
  return {
    async send(mail) {
      const info = (await transport.sendMail({ from, ...mail })) as { message?: Buffer };
      if (Buffer.isBuffer(info.message)) await written(info.message);
    },
    close: () => transport.close(),
  };
}

/** For text put into an email's HTML part (a developer's name, a rejection reason). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
