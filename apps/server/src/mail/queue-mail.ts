import type { Language } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import type { Jobs } from "../jobs/jobs.js";
import type { Config } from "../config.js";
import { createSecretBox } from "../whatsapp/crypto/secret-box.js";
import type { MailMessage } from "./mailer.js";
import { renderMail, type MailTemplate } from "./templates.js";

export const SEND_MAIL_JOB = "send-mail";
/** Bound as authenticated data: a sealed value from elsewhere does not open as a mail job. */
export const MAIL_JOB_CONTEXT = "mail-job";

/** The job carries the rendered message sealed with the at-rest key: job rows hold codes otherwise. */
export interface SendMailJob {
  sealed: string;
}

/**
 * Renders a mail in the recipient's language and queues it (`send-mail` job), inside the caller's transaction when
 * one is given, so a code exists exactly when its mail is on its way. The request never waits for the mail server.
 */
export async function queueMail(
  deps: { jobs: Jobs; config: Pick<Config, "whatsappEncryptionKey"> },
  mail: { to: string; lang: Language; template: MailTemplate },
  options: { tx?: DbOrTx } = {},
): Promise<void> {
  const message: MailMessage = { to: mail.to, ...renderMail(mail.template, mail.lang) };
  const sealed = createSecretBox(deps.config.whatsappEncryptionKey).encrypt(JSON.stringify(message), MAIL_JOB_CONTEXT);
  await deps.jobs.enqueue<SendMailJob>(SEND_MAIL_JOB, { sealed }, { tx: options.tx });
}
