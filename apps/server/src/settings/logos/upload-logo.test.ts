import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGO_DESTINATIONS } from "@atendo/shared";
import type { Database } from "../../db/client.js";
import { bearer, createCompany, createTestApp, createTestDatabase, createUser, login, type TestApp } from "../../test/helpers.js";
import { multipart } from "../../test/multipart.js";

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

/** A real 1×1 PNG and a 16×16 ICO header: what file-type reads from the bytes. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const ICO = Buffer.concat([Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0, 0x68, 4, 0, 0, 0x16, 0, 0, 0]), Buffer.alloc(64)]);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#123456"/></svg>';
const HOSTILE_SVG = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert('onload')">
  <script>alert('script')</script>
  <style>@import url(http://evil.test/x.css);</style>
  <style>.brand{fill:#0b7a75}</style>
  <a href="javascript:alert('href')"><rect class="brand" width="10" height="10" onclick="alert('click')"/></a>
  <a xlink:href="javascript:alert('xlink')"><circle r="3"/></a>
  <image href="http://evil.test/track.png" width="1" height="1"/>
  <image xlink:href="https://evil.test/track2.png" width="1" height="1"/>
  <rect width="1" height="1" fill="url(http://evil.test/p.svg#g)" style="fill:url(https://evil.test/q)"/>
  <foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">html inside</div></foreignObject>
  <use xlink:href="#kept"/>
</svg>`;

async function users() {
  const platform = await createCompany(database.db, { isPlatform: true });
  const tenant = await createCompany(database.db);
  const superUser = await createUser(database.db, platform.id, { profile: "admin", super: true });
  const admin = await createUser(database.db, tenant.id, { profile: "admin" });
  const platformAdmin = await createUser(database.db, platform.id, { profile: "admin" });
  return {
    superToken: (await login(app, superUser.email, superUser.password)).token,
    adminToken: (await login(app, admin.email, admin.password)).token,
    platformAdminToken: (await login(app, platformAdmin.email, platformAdmin.password)).token,
  };
}

const upload = (token: string, ref: string, file: { name: string; type: string; data: Buffer }) => {
  const body = multipart(file);
  return app.inject({
    method: "POST",
    url: `/settings/media-upload?ref=${encodeURIComponent(ref)}`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
};
const logo = (ref: string, headers: Record<string, string> = {}) => app.inject({ method: "GET", url: `/public/logos/${ref}`, headers });

describe("logos", () => {
  it("serves the built-in logo for every destination until one is uploaded", async () => {
    for (const ref of LOGO_DESTINATIONS) {
      const res = await logo(ref);
      expect(res.statusCode, ref).toBe(200);
      expect(res.headers["content-type"], ref).toBe("image/svg+xml");
      expect(res.headers["x-content-type-options"], ref).toBe("nosniff");
      expect(res.headers["content-security-policy"], ref).toBe("default-src 'none'; style-src 'unsafe-inline'");
      expect(res.body, ref).toContain("<svg");
    }
    expect((await logo("elsewhere")).statusCode).toBe(400);
  });

  it("takes a PNG, ICO or SVG for each destination and serves it publicly with its type", async () => {
    const { superToken } = await users();
    const files = [
      { name: "logo.png", type: "image/png", data: PNG, contentType: "image/png" },
      { name: "favicon.ico", type: "image/x-icon", data: ICO, contentType: "image/x-icon" },
      { name: "marca.svg", type: "image/svg+xml", data: Buffer.from(SVG), contentType: "image/svg+xml" },
    ];
    for (const [index, ref] of LOGO_DESTINATIONS.entries()) {
      const file = files[index % files.length]!;
      const res = await upload(superToken, ref, file);
      expect(res.statusCode, ref).toBe(200);
      expect(res.json(), ref).toEqual({ mensagem: "Arquivo Anexado" });
      const served = await logo(ref);
      expect(served.headers["content-type"], ref).toBe(file.contentType);
      expect(served.headers["x-content-type-options"], ref).toBe("nosniff");
      if (file.contentType === "image/svg+xml") {
        expect(served.headers["content-security-policy"]).toBe("default-src 'none'; style-src 'unsafe-inline'");
        expect(served.body).toContain('fill="#123456"');
      } else {
        expect(served.rawPayload.equals(file.data), ref).toBe(true);
      }
    }
  });

  it("replaces a logo, and answers 304 while it is unchanged", async () => {
    const { superToken } = await users();
    await upload(superToken, "login", { name: "a.png", type: "image/png", data: PNG });
    const first = await logo("login");
    expect((await logo("login", { "if-none-match": first.headers.etag as string })).statusCode).toBe(304);
    await upload(superToken, "login", { name: "b.svg", type: "image/svg+xml", data: Buffer.from(SVG) });
    const second = await logo("login", { "if-none-match": first.headers.etag as string });
    expect(second.statusCode).toBe(200);
    expect(second.headers["content-type"]).toBe("image/svg+xml");
  });

  it("stores an SVG without scripts, handlers, javascript: links, foreignObject or external references", async () => {
    const { superToken } = await users();
    const res = await upload(superToken, "interno", { name: "hostile.svg", type: "image/svg+xml", data: Buffer.from(HOSTILE_SVG) });
    expect(res.statusCode).toBe(200);
    const stored = (await logo("interno")).body;
    expect(stored).toContain("<svg");
    expect(stored).toContain(".brand{fill:#0b7a75}");
    expect(stored).toContain('xlink:href="#kept"');
    for (const gone of ["<script", "alert(", "onload", "onclick", "javascript:", "foreignObject", "html inside", "evil.test", "@import"]) {
      expect(stored, gone).not.toContain(gone);
    }
  });

  it("refuses a PNG renamed .svg, an HTML page, and anything but PNG, ICO or SVG", async () => {
    const { superToken } = await users();
    const attempts = [
      { name: "logo.svg", type: "image/svg+xml", data: PNG },
      { name: "page.html", type: "text/html", data: Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>") },
      { name: "page.svg", type: "image/svg+xml", data: Buffer.from("<!doctype html><html><body><svg></svg></body></html>") },
      { name: "page.png", type: "image/png", data: Buffer.from("<html></html>") },
      { name: "logo.png", type: "image/png", data: ICO },
      { name: "photo.jpg", type: "image/jpeg", data: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]) },
      { name: "broken.svg", type: "image/svg+xml", data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect>') },
    ];
    for (const file of attempts) {
      const res = await upload(superToken, "signup", file);
      expect(res.statusCode, file.name).toBe(400);
      expect(res.json(), file.name).toMatchObject({ error: "ERR_INVALID_FILE_TYPE" });
    }
    expect((await upload(superToken, "signup", { name: "big.png", type: "image/png", data: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]) })).statusCode).toBe(413);
  });

  it("needs a destination and a file", async () => {
    const { superToken } = await users();
    const noRef = await upload(superToken, "", { name: "logo.png", type: "image/png", data: PNG });
    expect(noRef.statusCode).toBe(400);
    expect(noRef.json()).toMatchObject({ error: "ERR_VALIDATION" });
    expect((await upload(superToken, "cover", { name: "logo.png", type: "image/png", data: PNG })).statusCode).toBe(400);
    const empty = await upload(superToken, "login", { name: "logo.png", type: "image/png", data: Buffer.alloc(0) });
    expect(empty.json()).toMatchObject({ error: "ERR_VALIDATION", fields: [{ path: "body.file", message: "validation.required" }] });
  });

  it("is refused to everyone but super users", async () => {
    const { adminToken, platformAdminToken } = await users();
    for (const token of [adminToken, platformAdminToken]) {
      const res = await upload(token, "login", { name: "logo.png", type: "image/png", data: PNG });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    }
    const anonymous = await app.inject({ method: "POST", url: "/settings/media-upload?ref=login" });
    expect(anonymous.statusCode).toBe(401);
  });
});
