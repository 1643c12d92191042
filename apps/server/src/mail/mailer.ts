import { mkdir, writeFile } from "node:fs/promises";
import { randomBytes } from "node:crypto";
import path from "node:path";
import type { Transporter } from "nodemailer";
import type { FastifyBaseLogger } from "fastify";

/** One message: plain text plus a simple HTML version (templates.ts writes both). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** "smtp" with SMTP_URL; "file" writes each message as an .eml file in the data folder (first start, no SMTP). */
  readonly kind: "smtp" | "file";
  /** Sends now; throws when the server refuses or cannot be reached (the mail job retries). */
  sendMail(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  logger: FastifyBaseLogger;
}

/** The folder where messages go without SMTP_URL. */
export const mailFolder = (dataDir: string) => path.join(dataDir, "mail");

/**
 * The one way mail leaves the server: nodemailer over SMTP (`SMTP_URL`), or without it, an .eml file per message under
 * DATA_DIR/mail so that a first start can still sign up (the log says where each file went).
 */
export function createMailer(opts: MailerOptions): Mailer {
  // nodemailer is imported with the first message, not at start (start-up time); the transport is made then.
  let transport: Transporter | undefined;
  const transportFor = async (options: Parameters<typeof import("nodemailer").createTransport>[0]) => {
    const { default: nodemailer } = await import("nodemailer");
    return (transport ??= nodemailer.createTransport(options));
  };
  if (opts.smtpUrl) {
    const smtpUrl = opts.smtpUrl;
    return {
      kind: "smtp",
      async sendMail(message) {
        // A mail server that hangs must not hold a job for minutes.
        const smtp = await transportFor({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
        await smtp.sendMail({ from: opts.from, ...message });
      },
      close: () => transport?.close(),
    };
  }

  const folder = mailFolder(opts.dataDir);
  return {
    kind: "file",
    async sendMail(message) {
      const stream = await transportFor({ streamTransport: true, buffer: true, newline: "unix" });
      const info = await stream.sendMail({ from: opts.from, ...message });
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const file = path.join(folder, `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      opts.logger.info({ file }, "mail: no SMTP_URL, message written to a file");
    },
    close: () => transport?.close(),
  };
}
