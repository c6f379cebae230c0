import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { Config } from '../config.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The message's link (it holds a token): said in the outbox's log line, never sent anywhere else. */
  link?: string;
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
    return {
      send: async ({ link: _link, ...mail }) =>
        void (await transport.sendMail({ from: config.mailFrom, ...mail })),
      close: () => transport.close(),
    };
  }
  const outbox = join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send({ link, ...mail }) {
      const info = (await transport.sendMail({
        from: config.mailFrom,
        ...mail,
        text: readable(mail.text),
      })) as {
        message: Buffer;
      };
      await mkdir(outbox, { recursive: true, mode: 0o700 });
      // Sortable by time, unique within the millisecond.
      const file = join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`,
      );
      // Whole or not at all: a reader (a person, a test) never finds half a message under the name.
      await writeFile(`${file}.part`, info.message, { mode: 0o600 });
      await rename(`${file}.part`, file);
      // The outbox is for development, where the link is what one wants from the message.
      say(`Portal mail written to ${file} (SMTP_URL is not set)${link ? `: ${link}` : ''}`);
    },
    close: () => transport.close(),
  };
}

/** RFC 5322's longest line, in bytes. */
const MAX_LINE = 998;

/**
 * The text part as it stands (8bit UTF-8), so that `cat` shows the link whole on its line: nodemailer
 * would write it quoted-printable, breaking every line at 76 characters (and Thai as =E0=B8=...).
 * A file is read by a person, not relayed, so 8bit is safe; a line too long for it keeps the default.
 */
function readable(text: string): SendMailOptions['text'] {
  if (text.split('\n').some((line) => Buffer.byteLength(line) > MAX_LINE)) return text;
  return { raw: `Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n${text}` };
}

/** For text put into an email's HTML part (a developer's name, a rejection reason). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
