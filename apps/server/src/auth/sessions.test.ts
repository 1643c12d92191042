import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.js";
import {
  bearer,
  createCompany,
  createTestApp,
  createTestDatabase,
  createUser,
  login,
  refreshCookieOf,
  type TestApp,
} from "../test/helpers.js";

let database: Database;
let app: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const refresh = (cookie: string) =>
  app.inject({ method: "POST", url: "/auth/refresh_token", cookies: { jrt: cookie } });
const me = (token: string) => app.inject({ method: "GET", url: "/auth/me", headers: bearer(token) });

async function signedInUser() {
  const company = await createCompany(database.db);
  const user = await createUser(database.db, company.id);
  return { user, session: await login(app, user.email, user.password) };
}

describe("refresh token rotation", () => {
  it("issues a new access token and a new refresh cookie on every use", async () => {
    const { user, session } = await signedInUser();
    const first = await refresh(session.refreshCookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ sessionId: session.sessionId, user: { id: user.id } });
    const rotated = refreshCookieOf(first.headers["set-cookie"]);
    expect(rotated).not.toBe(session.refreshCookie);
    expect((await me(first.json().token)).statusCode).toBe(200);
    const second = await refresh(rotated);
    expect(second.statusCode).toBe(200);
  });

  it("treats reuse of a spent refresh token as theft and ends the whole session", async () => {
    const { session } = await signedInUser();
    const first = await refresh(session.refreshCookie);
    const successor = refreshCookieOf(first.headers["set-cookie"]);
    const accessToken = first.json().token as string;

    // Past the grace period for simultaneous tabs.
    const { refreshTokens } = await import("../db/schema.js");
    const { eq } = await import("drizzle-orm");
    const { hashRefreshToken } = await import("./refresh-token.js");
    await database.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - 60_000) })
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(session.refreshCookie)));

    const reuse = await refresh(session.refreshCookie);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ error: "ERR_SESSION_EXPIRED" });
    // The thief's successor and the access tokens of the family are dead too.
    expect((await refresh(successor)).statusCode).toBe(401);
    expect((await me(accessToken)).statusCode).toBe(401);
    expect((await me(session.token)).statusCode).toBe(401);
  });

  it("lets two tabs refresh with the same cookie at the same moment", async () => {
    const { session } = await signedInUser();
    const [a, b] = await Promise.all([refresh(session.refreshCookie), refresh(session.refreshCookie)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    // Both tabs continue the same chain: one successor, whichever tab stores the cookie last.
    const successor = refreshCookieOf(a.headers["set-cookie"]);
    expect(refreshCookieOf(b.headers["set-cookie"])).toBe(successor);
    const late = await refresh(session.refreshCookie);
    expect(late.statusCode).toBe(200);
    expect(refreshCookieOf(late.headers["set-cookie"])).toBe(successor);
    const { refreshTokens } = await import("../db/schema.js");
    const { eq } = await import("drizzle-orm");
    const chain = await database.db.select().from(refreshTokens).where(eq(refreshTokens.sessionId, session.sessionId));
    expect(chain).toHaveLength(2);
    expect((await refresh(successor)).statusCode).toBe(200);
  });

  it("refuses an unknown or missing refresh token", async () => {
    expect((await refresh("not-a-token")).statusCode).toBe(401);
    const none = await app.inject({ method: "POST", url: "/auth/refresh_token" });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: "ERR_SESSION_EXPIRED" });
  });
});

describe("expired access tokens", () => {
  it("answers 403 ERR_INVALID_TOKEN so the client refreshes and retries", async () => {
    const shortLived = await createTestApp(database, { accessTokenTtlSeconds: 5 });
    try {
      const company = await createCompany(database.db);
      const user = await createUser(database.db, company.id);
      const session = await login(shortLived, user.email, user.password);
      const { SignJWT } = await import("jose");
      const expired = await new SignJWT({ cid: company.id, sid: session.sessionId })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(String(user.id))
        .setIssuedAt(Math.floor(Date.now() / 1000) - 100)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
        .sign(new TextEncoder().encode("test-secret-test-secret-test-secret-0123456789"));
      const res = await shortLived.inject({ method: "GET", url: "/auth/me", headers: bearer(expired) });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: "ERR_INVALID_TOKEN" });
    } finally {
      await shortLived.close();
    }
  });

  it("answers 401 to a token signed with another key", async () => {
    const { SignJWT } = await import("jose");
    const forged = await new SignJWT({ cid: 1, sid: "x" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("1")
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("another-secret-another-secret-another-secret"));
    const res = await me(forged);
    expect(res.statusCode).toBe(401);
  });
});

describe("revocation", () => {
  it("logout ends the access token and the refresh token at once", async () => {
    const { session } = await signedInUser();
    const out = await app.inject({ method: "DELETE", url: "/auth/logout", headers: bearer(session.token) });
    expect(out.statusCode).toBe(204);
    expect((await me(session.token)).statusCode).toBe(401);
    expect((await refresh(session.refreshCookie)).statusCode).toBe(401);
  });

  it("a second login ends the first session", async () => {
    const { user, session } = await signedInUser();
    const second = await login(app, user.email, user.password);
    expect((await me(session.token)).statusCode).toBe(401);
    expect((await refresh(session.refreshCookie)).statusCode).toBe(401);
    expect((await me(second.token)).statusCode).toBe(200);
  });

  it("a password change ends the user's other sessions and keeps the one that changed it", async () => {
    const company = await createCompany(database.db);
    const admin = await createUser(database.db, company.id, { profile: "admin" });
    const user = await createUser(database.db, company.id);
    const userSession = await login(app, user.email, user.password);
    const adminSession = await login(app, admin.email, admin.password);

    // The user changes their own password: their session stays.
    const own = await app.inject({
      method: "PUT",
      url: `/users/${user.id}`,
      headers: bearer(userSession.token),
      payload: { name: user.name, email: user.email, password: "new-pass-1" },
    });
    expect(own.statusCode).toBe(200);
    expect((await me(userSession.token)).statusCode).toBe(200);
    const relogin = await login(app, user.email, "new-pass-1");

    // An admin resets it: every session of that user ends.
    const reset = await app.inject({
      method: "PUT",
      url: `/users/${user.id}`,
      headers: bearer(adminSession.token),
      payload: { name: user.name, email: user.email, password: "new-pass-2" },
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(relogin.token)).statusCode).toBe(401);
    expect((await refresh(relogin.refreshCookie)).statusCode).toBe(401);
    expect((await me(adminSession.token)).statusCode).toBe(200);
    const old = await app.inject({ method: "POST", url: "/auth/login", payload: { email: user.email, password: "new-pass-1" } });
    expect(old.statusCode).toBe(401);
  });
});
