import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { bearer, createCompany, createUser, login, refreshCookieOf, testConfig } from "../test/helpers.js";
import { codeIn, startFakeSmtp } from "../test/fakes/smtp.js";
import { startAccountsHarness, uniqueEmail, type AccountsHarness } from "./test-support.js";
import { resetPassword } from "./reset-password.js";

let h: AccountsHarness;
beforeAll(async () => {
  h = await startAccountsHarness();
});
afterAll(async () => {
  await h.close();
});

const OLD = "Antiga123";
const NEW = "NovaSenha9";

async function account() {
  const company = await createCompany(h.database.db);
  return createUser(h.database.db, company.id, { email: uniqueEmail("user"), password: OLD, profile: "admin" });
}

async function mailedCode(email: string) {
  h.smtp.received.length = 0;
  await h.app.inject({ method: "POST", url: `/forgetpassword/${email}`, payload: { lang: "pt" } });
  return codeIn(await h.smtp.waitFor((m) => m.to.includes(email)));
}

const reset = (email: string, token: string, newPassword = NEW) =>
  h.app.inject({ method: "POST", url: "/resetpassword", payload: { email, token, newPassword } });

describe("password reset", () => {
  it("sets the new password with the mailed code, once, and ends every session of the user", async () => {
    const user = await account();
    // One login at a time per user (a second login ends the first), so one open tab stands for all of them.
    const tab = await login(h.app, user.email, OLD);
    const ended: string[] = [];
    const endSessions = h.app.deps.realtime.endSessions.bind(h.app.deps.realtime);
    h.app.deps.realtime.endSessions = (ids) => (ended.push(...ids), endSessions(ids));

    const code = await mailedCode(user.email);
    const res = await reset(user.email, code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    // The open tab's token stops working, its refresh cookie too, and its sockets are told.
    expect((await h.app.inject({ method: "GET", url: "/auth/me", headers: bearer(tab.token) })).statusCode).toBe(401);
    const refresh = await h.app.inject({ method: "POST", url: "/auth/refresh_token", cookies: { jrt: tab.refreshCookie } });
    expect(refresh.statusCode).toBe(401);
    expect(ended).toEqual([tab.sessionId]);

    const old = await h.app.inject({ method: "POST", url: "/auth/login", payload: { email: user.email, password: OLD } });
    expect(old.json()).toEqual({ error: "ERR_INVALID_CREDENTIALS" });
    expect(refreshCookieOf((await h.app.inject({ method: "POST", url: "/auth/login", payload: { email: user.email, password: NEW } })).headers["set-cookie"])).toBeTruthy();

    expect((await reset(user.email, code, "Outra1234")).json()).toEqual({ error: "ERR_CODE_EXPIRED" });
  });

  it("allows 5 wrong tries, then the code is dead", async () => {
    const user = await account();
    const code = await mailedCode(user.email);
    const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, "0");
    const left = [];
    for (let i = 0; i < 5; i++) left.push((await reset(user.email, wrong)).json().details.attemptsLeft);
    expect(left).toEqual([4, 3, 2, 1, 0]);
    expect((await reset(user.email, code)).json()).toEqual({ error: "ERR_CODE_EXPIRED" });
    expect((await login(h.app, user.email, OLD)).user.email).toBe(user.email);
  });

  it("expires a code after 30 minutes", async () => {
    const user = await account();
    const code = await mailedCode(user.email);
    const later = new Date(Date.now() + 31 * 60_000);
    await expect(resetPassword(h.app.deps, { email: user.email, token: code, newPassword: NEW }, later)).rejects.toMatchObject({
      code: "ERR_CODE_EXPIRED",
    });
    const soon = new Date(Date.now() + 29 * 60_000);
    expect((await resetPassword(h.app.deps, { email: user.email, token: code, newPassword: NEW }, soon)).userId).toBe(user.id);
  });

  it("applies the spec's password rule", async () => {
    const user = await account();
    const code = await mailedCode(user.email);
    const res = await reset(user.email, code, "fraca");
    expect(res.json()).toEqual({ error: "ERR_VALIDATION", fields: [{ path: "body.newPassword", message: "validation.weakPassword" }] });
    // A refused form does not spend the code.
    expect((await reset(user.email, code)).statusCode).toBe(200);
  });
});

describe("the spec's path form POST /resetpasswords/{email}/{token}/{newPassword}", () => {
  it("resets the password and never writes the password or the code to the log", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const smtp = await startFakeSmtp();
    const logged = await buildApp({ database: h.database, config: testConfig({ smtpUrl: smtp.url, logRequests: true }), logger: pino({ level: "trace" }, sink) });
    try {
      await logged.ready();
      const user = await account();
      await logged.inject({ method: "POST", url: `/forgetpassword/${user.email}` });
      const code = codeIn(await smtp.waitFor((m) => m.to.includes(user.email)));
      const wrong = String((Number(code) + 3) % 1_000_000).padStart(6, "0");
      const refused = await logged.inject({ method: "POST", url: `/resetpasswords/${user.email}/${wrong}/${NEW}` });
      expect(refused.json().error).toBe("ERR_INVALID_CODE");
      const bad = await logged.inject({ method: "POST", url: `/resetpasswords/${user.email}/${code}/weak` });
      expect(bad.json()).toMatchObject({ error: "ERR_VALIDATION" });
      const res = await logged.inject({ method: "POST", url: `/resetpasswords/${user.email}/${code}/${NEW}` });
      expect(res.json()).toEqual({ ok: true });
      expect((await login(logged, user.email, NEW)).user.id).toBe(user.id);

      const log = lines.join("");
      expect(log).toContain("/resetpasswords/[redacted]");
      expect(log).not.toContain(NEW);
      expect(log).not.toContain(code);
      expect(log).not.toContain("/weak");
    } finally {
      await logged.close();
      await smtp.close();
    }
  });
});
