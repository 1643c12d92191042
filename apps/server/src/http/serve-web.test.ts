import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.js";
import { loadConfig } from "../config.js";
import { HSTS_VALUE } from "./delivery.js";
import { bearer, createCompany, createTestApp, createTestDatabase, createUser, login, type TestApp } from "../test/helpers.js";

let database: Database;
let app: TestApp;
let httpsApp: TestApp;
let proxiedApp: TestApp;
let forcedCookieApp: TestApp;
const bigScript = `console.log(${JSON.stringify("atendo ".repeat(2000))});`;

beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), "atendo-dist-"));
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>Atendo</title>");
  writeFileSync(path.join(dist, "assets", "app.js"), "console.log(1)");
  // As the build leaves them (apps/web/vite.config.ts): the plain file and its precompressed siblings.
  writeFileSync(path.join(dist, "assets", "big-Abc123.js"), bigScript);
  writeFileSync(path.join(dist, "assets", "big-Abc123.js.br"), brotliCompressSync(bigScript));
  writeFileSync(path.join(dist, "assets", "big-Abc123.js.gz"), gzipSync(bigScript));
  writeFileSync(path.join(dist, "favicon.svg"), "<svg/>");
  database = await createTestDatabase();
  app = await createTestApp(database, { webDist: dist });
  // Settings as loadConfig derives them from the environment, so an https PUBLIC_URL's effect on the cookie is tested.
  const fromEnv = (env: Record<string, string>) => {
    const { publicUrl, cookieSecure, trustProxy } = loadConfig({ ...env, DATA_DIR: mkdtempSync(path.join(tmpdir(), "atendo-env-")) });
    return { webDist: dist, publicUrl, cookieSecure, trustProxy };
  };
  httpsApp = await createTestApp(database, fromEnv({ PUBLIC_URL: "https://atendo.example.com" }));
  proxiedApp = await createTestApp(database, fromEnv({ PUBLIC_URL: "https://atendo.example.com", TRUST_PROXY: "true" }));
  forcedCookieApp = await createTestApp(database, fromEnv({ COOKIE_SECURE: "true" }));
});
afterAll(async () => {
  await app.close();
  await httpsApp.close();
  await proxiedApp.close();
  await forcedCookieApp.close();
  await database.close();
});

const html = { accept: "text/html,application/xhtml+xml,*/*;q=0.8" };

describe("serving the web client beside the API", () => {
  it("answers a browser navigation to a path the API also has with the client, without a session", async () => {
    for (const url of ["/settings", "/tickets/some-uuid", "/users/1", "/login", "/"]) {
      const res = await app.inject({ method: "GET", url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toContain("text/html");
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.body).toContain("<title>Atendo</title>");
    }
  });

  it("keeps API calls on the API", async () => {
    const res = await app.inject({ method: "GET", url: "/settings", headers: { accept: "application/json, text/plain, */*" } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: "ERR_SESSION_EXPIRED" });
  });

  it("serves built assets and root files, and a clean 404 for missing ones", async () => {
    const js = await app.inject({ method: "GET", url: "/assets/app.js" });
    expect(js.statusCode).toBe(200);
    expect(js.body).toBe("console.log(1)");
    const icon = await app.inject({ method: "GET", url: "/favicon.svg" });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers["cache-control"]).toBe("no-cache");
    const missing = await app.inject({ method: "GET", url: "/assets/nope.js" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: "ERR_NOT_FOUND" });
    expect((await app.inject({ method: "GET", url: "/assets/../../etc/passwd" })).statusCode).toBe(404);
    // The compressed siblings are an implementation detail, never served by name.
    expect((await app.inject({ method: "GET", url: "/assets/big-Abc123.js.br" })).statusCode).toBe(404);
  });

  it("caches hashed assets for a year, immutable", async () => {
    const res = await app.inject({ method: "GET", url: "/assets/big-Abc123.js" });
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("sends the precompressed form the browser accepts, Brotli first, and the plain file otherwise", async () => {
    const br = await app.inject({ method: "GET", url: "/assets/big-Abc123.js", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toContain("javascript");
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(bigScript.length / 10);
    const gz = await app.inject({ method: "GET", url: "/assets/big-Abc123.js", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    const plain = await app.inject({ method: "GET", url: "/assets/big-Abc123.js", headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(bigScript);
  });

  it("compresses API answers worth compressing, as the client accepts", async () => {
    const company = await createCompany(database.db);
    const user = await createUser(database.db, company.id, { name: "Ana Maria ".repeat(30).trim() });
    const { token } = await login(app, user.email, user.password);
    const plain = await app.inject({ method: "GET", url: "/auth/me", headers: bearer(token) });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await app.inject({ method: "GET", url: "/auth/me", headers: { ...bearer(token), "accept-encoding": "br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    // A tiny answer is not worth it.
    const small = await app.inject({ method: "GET", url: "/settings", headers: { accept: "application/json", "accept-encoding": "br" } });
    expect(small.headers["content-encoding"]).toBeUndefined();
  });
});

describe("plain HTTP from any address, HTTPS behind a proxy", () => {
  it("never tells a browser on plain HTTP to upgrade its requests, nor sends HSTS there", async () => {
    const res = await app.inject({ method: "GET", url: "/login", headers: { ...html, host: "192.168.1.20:8080" } });
    expect(res.headers["content-security-policy"]).not.toContain("upgrade-insecure-requests");
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });

  it("sends HSTS only on requests that arrived over HTTPS, whatever PUBLIC_URL says", async () => {
    // An https PUBLIC_URL, reached over plain HTTP (a LAN user): no HSTS.
    const plain = await httpsApp.inject({ method: "GET", url: "/login", headers: { ...html, host: "192.168.1.20:8080" } });
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    const proxied = await proxiedApp.inject({ method: "GET", url: "/login", headers: { ...html, "x-forwarded-proto": "https" } });
    expect(proxied.headers["strict-transport-security"]).toBe(HSTS_VALUE);
    const proxiedPlain = await proxiedApp.inject({ method: "GET", url: "/login", headers: { ...html, "x-forwarded-proto": "http" } });
    expect(proxiedPlain.headers["strict-transport-security"]).toBeUndefined();
    // Without TRUST_PROXY the header is anyone's to forge: it is ignored.
    const forged = await httpsApp.inject({ method: "GET", url: "/login", headers: { ...html, "x-forwarded-proto": "https" } });
    expect(forged.headers["strict-transport-security"]).toBeUndefined();
  });

  it("marks the refresh cookie Secure only over HTTPS, unless COOKIE_SECURE forces it", async () => {
    // The options are decided per request; a refused refresh clears the cookie with them.
    const clear = async (target: TestApp, headers: Record<string, string> = {}) => {
      const res = await target.inject({ method: "POST", url: "/auth/refresh_token", headers: { ...headers, cookie: "jrt=bogus" } });
      const cookie = String(res.headers["set-cookie"] ?? "");
      expect(cookie).toMatch(/^jrt=;/);
      return cookie;
    };
    expect(await clear(app)).not.toMatch(/Secure/i);
    // An https PUBLIC_URL reached over plain HTTP: the browser would drop a Secure cookie.
    expect(await clear(httpsApp)).not.toMatch(/Secure/i);
    expect(await clear(proxiedApp, { "x-forwarded-proto": "https" })).toMatch(/; Secure/);
    expect(await clear(proxiedApp, { "x-forwarded-proto": "http" })).not.toMatch(/Secure/i);
    // Without TRUST_PROXY a forged X-Forwarded-Proto changes nothing.
    expect(await clear(httpsApp, { "x-forwarded-proto": "https" })).not.toMatch(/Secure/i);
    expect(await clear(forcedCookieApp)).toMatch(/; Secure/);
  });
});

describe("one error shape for every 4xx", () => {
  it("answers bad percent-encoding with the JSON shape", async () => {
    const res = await app.inject({ method: "GET", url: "/tickets/%E0%A4%A", headers: { accept: "application/json" } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "ERR_BAD_REQUEST" });
  });

  it("answers a path that climbs out of the assets like a missing asset", async () => {
    for (const url of ["/assets/..%2f..%2fetc%2fpasswd", "/assets/..%2findex.html", "/assets/a/../../index.html", "/assets/.%2e/index.html"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ error: "ERR_NOT_FOUND" });
    }
  });
});
