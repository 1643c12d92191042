import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HelpPage, HelpView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { bearer, createCompany, createTestApp, createTestDatabase, createUser, login, type TestApp } from "../test/helpers.js";

let database: Database;
let app: TestApp;
let superToken: string;
let adminToken: string;
let agentToken: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  const platform = await createCompany(database.db, { isPlatform: true });
  const tenant = await createCompany(database.db);
  const superUser = await createUser(database.db, platform.id, { profile: "admin", super: true });
  const admin = await createUser(database.db, tenant.id, { profile: "admin" });
  const agent = await createUser(database.db, tenant.id, { profile: "user" });
  superToken = (await login(app, superUser.email, superUser.password)).token;
  adminToken = (await login(app, admin.email, admin.password)).token;
  agentToken = (await login(app, agent.email, agent.password)).token;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const call = (token: string, method: string, url: string, payload?: unknown) =>
  app.inject({ method: method as never, url, headers: bearer(token), payload: payload as never });

describe("help videos", () => {
  it("a super user creates, updates and deletes; every user of every company reads them", async () => {
    const created = await call(superToken, "POST", "/helps", { title: "Primeiros passos", description: "Conecte o WhatsApp", video: "dQw4w9WgXcQ" });
    expect(created.statusCode).toBe(201);
    const help = created.json<HelpView>();
    expect(help).toMatchObject({ title: "Primeiros passos", description: "Conecte o WhatsApp", video: "dQw4w9WgXcQ" });

    const list = await call(agentToken, "GET", "/helps/list");
    expect(list.statusCode).toBe(200);
    // The client's player is YouTube's privacy-enhanced embed: the CSP lets only that frame in.
    expect(list.headers["content-security-policy"]).toContain("frame-src https://www.youtube-nocookie.com");
    expect(list.json<HelpView[]>().find((h) => h.id === help.id)).toEqual(help);
    const page = await call(adminToken, "GET", "/helps?searchParam=PRIMEIROS&pageNumber=1");
    expect(page.json<HelpPage>()).toMatchObject({ count: 1, hasMore: false, records: [{ id: help.id }] });

    const updated = await call(superToken, "PUT", `/helps/${help.id}`, { title: "Primeiros passos 2", video: "https://youtu.be/aBcDeFgHiJ0?t=42" });
    expect(updated.json()).toMatchObject({ id: help.id, title: "Primeiros passos 2", description: "", video: "aBcDeFgHiJ0" });

    expect((await call(superToken, "DELETE", `/helps/${help.id}`)).statusCode).toBe(204);
    expect((await call(superToken, "DELETE", `/helps/${help.id}`)).json()).toEqual({ error: "ERR_NOT_FOUND" });
    expect((await call(superToken, "PUT", `/helps/${help.id}`, { title: "x", video: "dQw4w9WgXcQ" })).statusCode).toBe(404);
  });

  it("stores the id of a full YouTube URL", async () => {
    for (const [video, id] of [
      ["https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=x", "dQw4w9WgXcQ"],
      ["youtube.com/shorts/AbCdEfGhIj_", "AbCdEfGhIj_"],
      ["https://www.youtube-nocookie.com/embed/Zz-9_8Yy7Xx", "Zz-9_8Yy7Xx"],
    ] as const) {
      const res = await call(superToken, "POST", "/helps", { title: "URL", video });
      expect(res.statusCode, video).toBe(201);
      expect(res.json().video).toBe(id);
    }
  });

  it("refuses what is not a YouTube video and requires a title", async () => {
    for (const video of ["short", "dQw4w9WgXcQ'><script>", "https://vimeo.com/watch?v=dQw4w9WgXcQ", "javascript:alert(1)", "https://youtube.com/watch?v=bad"]) {
      const res = await call(superToken, "POST", "/helps", { title: "Vídeo", video });
      expect(res.statusCode, video).toBe(400);
      expect(res.json().fields, video).toEqual([{ path: "body.video", message: "validation.invalid" }]);
    }
    const noTitle = await call(superToken, "POST", "/helps", { title: "", video: "dQw4w9WgXcQ" });
    expect(noTitle.json().fields).toEqual([{ path: "body.title", message: "validation.required" }]);
  });

  it("refuses writes to a company's admin and agent with 403", async () => {
    const help = (await call(superToken, "POST", "/helps", { title: "Só super", video: "dQw4w9WgXcQ" })).json<HelpView>();
    for (const token of [adminToken, agentToken]) {
      for (const res of [
        await call(token, "POST", "/helps", { title: "Não", video: "dQw4w9WgXcQ" }),
        await call(token, "PUT", `/helps/${help.id}`, { title: "Não", video: "dQw4w9WgXcQ" }),
        await call(token, "DELETE", `/helps/${help.id}`),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ error: "ERR_NO_PERMISSION" });
      }
    }
    expect((await call(agentToken, "GET", "/helps/list")).json<HelpView[]>().find((h) => h.id === help.id)?.title).toBe("Só super");
  });
});
