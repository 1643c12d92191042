import type { FastifyBaseLogger } from "fastify";
import type { JobContext } from "../jobs/jobs.js";
import type { Config } from "../config.js";
import { createSecretBox } from "../whatsapp/crypto/secret-box.js";
import type { Mailer, MailMessage } from "./mailer.js";
import { MAIL_JOB_CONTEXT, type SendMailJob } from "./queue-mail.js";

/** "ana@example.com" → "a***@example.com": enough to follow a delivery in the logs. */
export const maskAddress = (address: string) => address.replace(/^(.)[^@]*/, "$1***");

/**
 * The `send-mail` worker: opens the sealed message and hands it to the mailer. A failure is retried; the last one is
 * logged and dropped (the person asks for a new code), so a broken mail server never loses more than that mail.
 */
export async function sendQueuedMail(
  deps: { mailer: Mailer; config: Pick<Config, "whatsappEncryptionKey">; logger: FastifyBaseLogger },
  job: SendMailJob,
  context: Pick<JobContext, "lastAttempt" | "retryCount">,
): Promise<void> {
  let message: MailMessage;
  try {
    message = JSON.parse(createSecretBox(deps.config.whatsappEncryptionKey).decrypt(job.sealed, MAIL_JOB_CONTEXT)) as MailMessage;
  } catch (err) {
    // Sealed with another key (WHATSAPP_ENCRYPTION_KEY changed): retrying cannot help.
    deps.logger.error({ err }, "mail: a queued message could not be opened; dropped");
    return;
  }
  try {
    await deps.mailer.sendMail(message);
  } catch (err) {
    const to = maskAddress(message.to);
    if (context.lastAttempt) {
      deps.logger.error({ err, to, attempts: context.retryCount + 1 }, "mail: sending failed for good; the message is dropped");
      return;
    }
    deps.logger.warn({ err, to, attempt: context.retryCount + 1 }, "mail: sending failed; will retry");
    throw err;
  }
}
