import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type Nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config.js';

export type Mail = { to: string; subject: string; text: string };
export type Mailer = { send: (mail: Mail) => Promise<void> };

/** nodemailer (35 files) is loaded with the first mail, not at start-up; the transport is made once. */
function lazyTransport(make: (nodemailer: typeof Nodemailer) => Transporter): () => Promise<Transporter> {
  let transport: Promise<Transporter> | undefined;
  return () => (transport ??= import('nodemailer').then((module) => make(module.default)));
}

/**
 * Mail goes through SMTP when `SMTP_URL` is set. Without it each mail is written as an .eml
 * file to `<DATA_DIR>/outbox/` and its links are logged, so that the reset flow works on the
 * embedded default (DECISIONS §3).
 */
export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>,
  log: Pick<FastifyBaseLogger, 'info'>,
): Mailer {
  if (config.smtpUrl) {
    const smtpUrl = config.smtpUrl;
    const transport = lazyTransport((nodemailer) => nodemailer.createTransport(smtpUrl));
    return {
      send: async (mail) => {
        await (await transport()).sendMail({ from: config.mailFrom, ...mail });
        log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
    };
  }
  // The stream transport builds the same RFC 822 message SMTP would carry, as a buffer.
  const transport = lazyTransport((nodemailer) => nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }));
  const outbox = path.join(config.dataDir, 'outbox');
  return {
    send: async (mail) => {
      const info = await (await transport()).sendMail({ from: config.mailFrom, ...mail });
      await fs.mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      log.info({ to: mail.to, subject: mail.subject, file, links }, 'mail written to the outbox (SMTP_URL is not set)');
    },
  };
}
