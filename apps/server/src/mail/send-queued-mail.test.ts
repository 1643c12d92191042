import { describe, expect, it } from "vitest";
import type { FastifyBaseLogger } from "fastify";
import { createSecretBox } from "../whatsapp/crypto/secret-box.js";
import type { Mailer, MailMessage } from "./mailer.js";
import { MAIL_JOB_CONTEXT } from "./queue-mail.js";
import { maskAddress, sendQueuedMail } from "./send-queued-mail.js";

const key = Buffer.alloc(32, 3);
const message: MailMessage = { to: "ana@example.test", subject: "s", text: "code 123456", html: "<p>123456</p>" };
const sealed = createSecretBox(key).encrypt(JSON.stringify(message), MAIL_JOB_CONTEXT);

function harness(fails: boolean) {
  const sent: MailMessage[] = [];
  const logs: { level: string; args: unknown[] }[] = [];
  const mailer: Mailer = {
    kind: "smtp",
    async sendMail(m) {
      if (fails) throw new Error("451 try again later");
      sent.push(m);
    },
    close() {},
  };
  const record = (level: string) => (...args: unknown[]) => logs.push({ level, args });
  const logger = { warn: record("warn"), error: record("error"), info: record("info") } as unknown as FastifyBaseLogger;
  return { deps: { mailer, logger, config: { whatsappEncryptionKey: key } }, sent, logs };
}

describe("sendQueuedMail", () => {
  it("opens the sealed message and sends it", async () => {
    const { deps, sent } = harness(false);
    await sendQueuedMail(deps, { sealed }, { lastAttempt: false, retryCount: 0 });
    expect(sent).toEqual([message]);
  });

  it("throws on a failure so the job retries, and on the last attempt logs it and drops the message", async () => {
    const failing = harness(true);
    await expect(sendQueuedMail(failing.deps, { sealed }, { lastAttempt: false, retryCount: 0 })).rejects.toThrow("451");
    expect(failing.logs.map((l) => l.level)).toEqual(["warn"]);
    await sendQueuedMail(failing.deps, { sealed }, { lastAttempt: true, retryCount: 4 });
    expect(failing.logs[1]).toMatchObject({ level: "error", args: [{ to: "a***@example.test", attempts: 5 }, expect.stringContaining("dropped")] });
    // The log never carries the message (it holds the code).
    expect(JSON.stringify(failing.logs)).not.toContain("123456");
  });

  it("drops a message sealed with another key instead of retrying it forever", async () => {
    const { deps, sent, logs } = harness(false);
    const foreign = createSecretBox(Buffer.alloc(32, 9)).encrypt(JSON.stringify(message), MAIL_JOB_CONTEXT);
    await sendQueuedMail(deps, { sealed: foreign }, { lastAttempt: false, retryCount: 0 });
    expect(sent).toEqual([]);
    expect(logs.map((l) => l.level)).toEqual(["error"]);
  });

  it("masks addresses in logs", () => {
    expect(maskAddress("ana.maria@example.test")).toBe("a***@example.test");
  });
});
