import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { emailCodes } from "../db/schema.js";
import { codeIn } from "../test/fakes/smtp.js";
import { startAccountsHarness, uniqueEmail, type AccountsHarness } from "./test-support.js";
import { verifySignupCode } from "./verify-signup-code.js";

let h: AccountsHarness;
beforeAll(async () => {
  h = await startAccountsHarness();
});
afterAll(async () => {
  await h.close();
});

const askCode = (email: string, extra: Record<string, unknown> = {}) =>
  h.app.inject({ method: "POST", url: "/verify-email", payload: { email, name: "Loja da Ana", ...extra } });
const verify = (email: string, code: string) => h.app.inject({ method: "POST", url: "/verify-code", payload: { email, code } });
const mailFor = (email: string) => h.smtp.waitFor((m) => m.to.includes(email));
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("signup codes", () => {
  it("mails a 6-digit code in the form's language, and keeps neither it nor the mail in clear", async () => {
    const email = uniqueEmail();
    const res = await askCode(email, { lang: "en" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const mail = await mailFor(email);
    expect(mail.subject).toBe("Atendo: your verification code");
    expect(mail.text).toContain("Hello, Loja da Ana!");
    const code = codeIn(mail);
    expect(mail.html).toContain(code);
    expect(mail.from).toBe("no-reply@atendo.test");

    const rows = await h.database.db.select().from(emailCodes).where(eq(emailCodes.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).not.toContain(code);
    const jobs = await h.database.db.execute(sql.raw(`select data::text as data from ${h.app.deps.config.jobsSchema}.job where name = 'send-mail'`));
    const data = (jobs as unknown as { rows: { data: string }[] }).rows.map((r) => r.data).join("\n");
    expect(data).toContain("enc:v1:");
    expect(data).not.toContain(code);
    expect(data).not.toContain(email);
  });

  it("mails in Portuguese when the form does not say, and escapes the name in the HTML", async () => {
    const email = uniqueEmail();
    await askCode(email, { name: "Ana <b>& Cia</b>" });
    const mail = await mailFor(email);
    expect(mail.subject).toBe("Atendo: seu código de verificação");
    expect(mail.html).toContain("Ana &lt;b&gt;&amp; Cia&lt;/b&gt;");
  });

  it("verifies the right code once", async () => {
    const email = uniqueEmail();
    await askCode(email);
    const code = codeIn(await mailFor(email));
    const miss = await verify(email, wrong(code));
    expect(miss.statusCode).toBe(400);
    expect(miss.json()).toEqual({ error: "ERR_INVALID_CODE", details: { attemptsLeft: 4 } });
    const hit = await verify(email, code);
    expect(hit.statusCode).toBe(200);
    expect(hit.json()).toEqual({ valid: true });
    expect((await verify(email, code)).json()).toEqual({ error: "ERR_CODE_EXPIRED" });
  });

  it("kills a code after 5 wrong tries", async () => {
    const email = uniqueEmail();
    await askCode(email);
    const code = codeIn(await mailFor(email));
    const left = [];
    for (let i = 0; i < 5; i++) left.push((await verify(email, wrong(code))).json().details.attemptsLeft);
    expect(left).toEqual([4, 3, 2, 1, 0]);
    expect((await verify(email, code)).json()).toEqual({ error: "ERR_CODE_EXPIRED" });
  });

  it("expires a code after 10 minutes", async () => {
    const email = uniqueEmail();
    await askCode(email);
    const code = codeIn(await mailFor(email));
    const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    await expect(verifySignupCode(h.app.deps, { email, code }, later(10.5))).rejects.toMatchObject({ code: "ERR_CODE_EXPIRED" });
    expect(await verifySignupCode(h.app.deps, { email, code }, later(9))).toEqual({ valid: true });
  });

  it("makes the previous code useless when a new one is sent", async () => {
    const email = uniqueEmail();
    await askCode(email);
    const first = codeIn(await mailFor(email));
    h.smtp.received.length = 0;
    await askCode(email);
    const second = codeIn(await mailFor(email));
    if (first !== second) expect((await verify(email, first)).json().error).toBe("ERR_INVALID_CODE");
    expect((await verify(email, second)).statusCode).toBe(200);
  });

  it("validates the address and the code's form", async () => {
    expect((await askCode("not-an-email")).json()).toMatchObject({ error: "ERR_VALIDATION", fields: [{ path: "body.email" }] });
    expect((await verify(uniqueEmail(), "12ab")).json()).toEqual({
      error: "ERR_VALIDATION",
      fields: [{ path: "body.code", message: "validation.invalidCode" }],
    });
  });

  it("is closed while allowregister is disabled", async () => {
    await h.setGlobal("allowregister", "disabled");
    try {
      const email = uniqueEmail();
      const res = await askCode(email);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: "ERR_REGISTRATION_DISABLED" });
      expect((await verify(email, "123456")).json()).toEqual({ error: "ERR_REGISTRATION_DISABLED" });
    } finally {
      await h.setGlobal("allowregister", "enabled");
    }
  });
});

describe("signup code rate limit", () => {
  it("limits the mails one address and one IP can cause", async () => {
    const limited = await startAccountsHarness({ codeRateLimitPerEmail: 2, codeRateLimitPerIp: 4 });
    try {
      const ask = (email: string, ip = "10.0.0.1") =>
        limited.app.inject({ method: "POST", url: "/verify-email", payload: { email }, remoteAddress: ip });
      const email = uniqueEmail();
      expect((await ask(email)).statusCode).toBe(200);
      expect((await ask(email)).statusCode).toBe(200);
      const third = await ask(email);
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ error: "ERR_TOO_MANY_REQUESTS" });
      // Another address from the same IP still works until the IP's own limit.
      expect((await ask(uniqueEmail())).statusCode).toBe(200);
      expect((await ask(uniqueEmail())).statusCode).toBe(429);
      expect((await ask(uniqueEmail(), "10.0.0.2")).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
