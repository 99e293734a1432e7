import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** 'smtp' or the outbox folder messages are written to. */
  readonly target: string;
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  /** smtp://user:pass@host:587 or smtps://…:465; null: write to outboxDir instead. */
  smtpUrl: string | null;
  from: string;
  outboxDir: string;
}

/**
 * Outgoing e-mail through nodemailer: SMTP when configured, else one RFC 822 .eml file per
 * message in the outbox folder (nodemailer's stream transport builds exactly what SMTP would
 * carry). nodemailer is imported on the first message: most starts never send one.
 */
export function createMailer(opts: MailerOptions): Mailer {
  let transport: Promise<Transporter> | null = null;
  const open = (): Promise<Transporter> =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      opts.smtpUrl
        ? // Short timeouts: a dead relay must not hold sockets for the default two minutes.
          nodemailer.createTransport({ url: opts.smtpUrl, connectionTimeout: 15_000, greetingTimeout: 10_000, socketTimeout: 30_000 }, { from: opts.from })
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, { from: opts.from }),
    ));

  return {
    target: opts.smtpUrl ? 'smtp' : opts.outboxDir,
    async send(message) {
      const t = await open();
      const info = (await t.sendMail(message)) as { message?: Buffer };
      if (opts.smtpUrl) return;
      await mkdir(opts.outboxDir, { recursive: true, mode: 0o700 });
      // Sortable by time; the random tail keeps two messages of one millisecond apart.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      // Written aside, then renamed: whoever watches the folder never reads half a message.
      const tmp = join(opts.outboxDir, `.${name}.tmp`);
      await writeFile(tmp, info.message ?? Buffer.alloc(0), { mode: 0o600 });
      await rename(tmp, join(opts.outboxDir, name));
    },
    close() {
      void transport?.then((t) => t.close(), () => undefined);
    },
  };
}
