import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCompany, createUser } from "../test/helpers.js";
import { codeIn } from "../test/fakes/smtp.js";
import { startAccountsHarness, uniqueEmail, type AccountsHarness } from "./test-support.js";

let h: AccountsHarness;
beforeAll(async () => {
  h = await startAccountsHarness();
});
afterAll(async () => {
  await h.close();
});

const forget = (email: string, body?: Record<string, unknown>) =>
  h.app.inject({ method: "POST", url: `/forgetpassword/${encodeURIComponent(email)}`, ...(body ? { payload: body } : {}) });
const reset = (email: string, token: string) =>
  h.app.inject({ method: "POST", url: "/resetpassword", payload: { email, token, newPassword: "NovaSenha1" } });

async function accountEmail() {
  const company = await createCompany(h.database.db);
  return (await createUser(h.database.db, company.id, { email: uniqueEmail("user") })).email;
}

describe("POST /forgetpassword/{email}", () => {
  it("answers an address with an account and one without exactly alike, and mails only the account", async () => {
    const known = await accountEmail();
    const unknown = uniqueEmail("nobody");
    const a = await forget(known, { lang: "es" });
    const b = await forget(unknown, { lang: "es" });
    expect([a.statusCode, a.body]).toEqual([200, JSON.stringify({ ok: true })]);
    expect([b.statusCode, b.body]).toEqual([a.statusCode, a.body]);

    const mail = await h.smtp.waitFor((m) => m.to.includes(known));
    expect(mail.subject).toBe("Atendo: código para restablecer tu contraseña");
    expect(mail.text).toContain("30 minutos");
    expect(codeIn(mail)).toMatch(/^\d{6}$/);
    // The job for the known address is done by now; nothing was queued for the other.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(h.smtp.received.some((m) => m.to.includes(unknown))).toBe(false);
  });

  it("takes the spec's request without a body (Portuguese mail)", async () => {
    const known = await accountEmail();
    expect((await forget(known)).statusCode).toBe(200);
    expect((await h.smtp.waitFor((m) => m.to.includes(known))).subject).toBe("Atendo: código para redefinir sua senha");
  });

  it("answers wrong codes for an unknown address as for an account", async () => {
    const known = await accountEmail();
    const unknown = uniqueEmail("nobody");
    await forget(known);
    await forget(unknown);
    const code = codeIn(await h.smtp.waitFor((m) => m.to.includes(known)));
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const a = await reset(known, wrong);
    const b = await reset(unknown, wrong);
    expect(a.json()).toEqual({ error: "ERR_INVALID_CODE", details: { attemptsLeft: 4 } });
    expect([b.statusCode, b.json()]).toEqual([a.statusCode, a.json()]);
    // And with no request at all, both have no code.
    const c = await reset(uniqueEmail("never"), wrong);
    expect(c.json()).toEqual({ error: "ERR_CODE_EXPIRED" });
  });

  it("validates the address in the path", async () => {
    const res = await forget("not-an-email");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "ERR_VALIDATION", fields: [{ path: "params.email" }] });
  });
});
