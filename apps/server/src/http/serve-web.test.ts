import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.js";
import { createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";

let database: Database;
let app: TestApp;

beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), "atendo-dist-"));
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>Atendo</title>");
  writeFileSync(path.join(dist, "assets", "app.js"), "console.log(1)");
  writeFileSync(path.join(dist, "favicon.svg"), "<svg/>");
  database = await createTestDatabase();
  app = await createTestApp(database, { webDist: dist });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe("serving the web client beside the API", () => {
  it("answers a browser navigation to a path the API also has with the client, without a session", async () => {
    for (const url of ["/settings", "/tickets/some-uuid", "/users/1", "/login", "/"]) {
      const res = await app.inject({ method: "GET", url, headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8" } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toContain("text/html");
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
    expect((await app.inject({ method: "GET", url: "/favicon.svg" })).statusCode).toBe(200);
    const missing = await app.inject({ method: "GET", url: "/assets/nope.js" });
    expect(missing.statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: "/assets/../../etc/passwd" })).statusCode).toBe(404);
  });
});
