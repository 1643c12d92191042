import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { FastifyBaseLogger } from "fastify";
import { startFakeSmtp } from "../test/fakes/smtp.js";
import { createMailer, mailFolder } from "./mailer.js";
import { renderMail } from "./templates.js";

function recordingLogger() {
  const info: unknown[][] = [];
  const logger = { info: (...args: unknown[]) => info.push(args) } as unknown as FastifyBaseLogger;
  return { logger, info };
}

describe("createMailer", () => {
  it("sends text and HTML over SMTP from MAIL_FROM", async () => {
    const smtp = await startFakeSmtp();
    const { logger } = recordingLogger();
    const mailer = createMailer({ smtpUrl: smtp.url, from: "Suporte <suporte@example.test>", dataDir: "/nonexistent", logger });
    try {
      expect(mailer.kind).toBe("smtp");
      await mailer.sendMail({ to: "ana@example.test", ...renderMail({ kind: "reset-code", code: "042917", minutes: 30 }, "en") });
      const [mail] = smtp.received;
      expect(mail).toMatchObject({ to: ["ana@example.test"], from: "suporte@example.test", subject: "Atendo: code to reset your password" });
      expect(mail!.text).toContain("042917");
      expect(mail!.html).toContain("042917");
    } finally {
      mailer.close();
      await smtp.close();
    }
  });

  it("throws when the SMTP server refuses, for the job to retry", async () => {
    const smtp = await startFakeSmtp();
    const mailer = createMailer({ smtpUrl: smtp.url, from: "a@example.test", dataDir: "/nonexistent", logger: recordingLogger().logger });
    try {
      smtp.failNext(1);
      await expect(mailer.sendMail({ to: "b@example.test", subject: "s", text: "t", html: "<p>t</p>" })).rejects.toThrow();
      await mailer.sendMail({ to: "b@example.test", subject: "s", text: "t", html: "<p>t</p>" });
      expect(smtp.received).toHaveLength(1);
    } finally {
      mailer.close();
      await smtp.close();
    }
  });

  it("without SMTP_URL writes each message as an .eml file in the data folder and logs where", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "atendo-mail-"));
    const { logger, info } = recordingLogger();
    const mailer = createMailer({ from: "Atendo <no-reply@atendo.local>", dataDir, logger });
    expect(mailer.kind).toBe("file");
    await mailer.sendMail({ to: "ana@example.test", ...renderMail({ kind: "signup-code", name: "Ana", code: "123456", minutes: 10 }, "pt") });
    const files = readdirSync(mailFolder(dataDir));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const file = path.join(mailFolder(dataDir), files[0]!);
    const eml = readFileSync(file, "utf8");
    expect(eml).toContain("To: ana@example.test");
    expect(eml).toContain("123456");
    expect(info).toEqual([[{ file }, expect.stringContaining("written to a file")]]);
  });
});

describe("renderMail", () => {
  it("writes every mail in pt, en and es", () => {
    for (const lang of ["pt", "en", "es"] as const) {
      for (const template of [
        { kind: "signup-code", name: "Ana", code: "000123", minutes: 10 },
        { kind: "reset-code", code: "000123", minutes: 30 },
      ] as const) {
        const mail = renderMail(template, lang);
        expect(mail.text).toContain("000123");
        expect(mail.html).toContain(`lang="${lang}"`);
        expect(mail.subject).toMatch(/^Atendo: /);
      }
    }
    expect(renderMail({ kind: "reset-code", code: "1", minutes: 30 }, "es").subject).not.toBe(renderMail({ kind: "reset-code", code: "1", minutes: 30 }, "pt").subject);
  });
});
