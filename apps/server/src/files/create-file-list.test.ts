import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { PAGE_SIZE } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { files } from "../db/schema.js";
import { createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { filesCompany } from "./test-support.js";

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

describe("file lists", () => {
  it("creates a list with its option rows in order, announces it to the company and answers it by id", async () => {
    const { company, auth } = await filesCompany(app, database.db);
    const toCompany = vi.spyOn(app.deps.realtime, "toCompany");
    const res = await app.inject({
      method: "POST",
      url: "/files",
      headers: auth,
      payload: { name: "Catálogo", message: "Veja nossos arquivos", options: [{ name: "Tabela" }, { name: "Fotos", path: "x", mediaType: "image/png" }] },
    });
    expect(res.statusCode).toBe(201);
    const list = res.json();
    expect(list).toMatchObject({ name: "Catálogo", message: "Veja nossos arquivos", companyId: company.id });
    expect(list.options.map((o: { name: string; path: string | null }) => [o.name, o.path])).toEqual([
      ["Tabela", null],
      ["Fotos", null],
    ]);
    expect(list.options[0].id).toBeLessThan(list.options[1].id);
    expect(toCompany).toHaveBeenCalledWith(company.id, `company-${company.id}-file`, { action: "create", fileList: list });
    toCompany.mockRestore();

    const got = await app.inject({ method: "GET", url: `/files/${list.id}`, headers: auth });
    expect(got.json()).toEqual(list);
  });

  it("validates the name (at least 3) and the message (required)", async () => {
    const { auth } = await filesCompany(app, database.db);
    const res = await app.inject({ method: "POST", url: "/files", headers: auth, payload: { name: "ab", message: " " } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual(
      expect.arrayContaining([
        { path: "body.name", message: "validation.nameTooShort" },
        { path: "body.message", message: "validation.required" },
      ]),
    );
  });

  it("pages and searches the company's lists by name with the total count", async () => {
    const { company, auth } = await filesCompany(app, database.db);
    const other = await filesCompany(app, database.db);
    const names = Array.from({ length: PAGE_SIZE + 2 }, (_v, i) => `Lista ${String(i).padStart(3, "0")}`);
    await database.db.insert(files).values(names.map((name) => ({ companyId: company.id, name, message: "m" })));
    await database.db.insert(files).values({ companyId: other.company.id, name: "Lista 000", message: "m" });

    const first = (await app.inject({ method: "GET", url: "/files/?pageNumber=1", headers: auth })).json();
    expect(first).toMatchObject({ count: PAGE_SIZE + 2, hasMore: true });
    expect(first.files).toHaveLength(PAGE_SIZE);
    const second = (await app.inject({ method: "GET", url: "/files?pageNumber=2", headers: auth })).json();
    expect(second.files.map((f: { name: string }) => f.name)).toEqual(names.slice(PAGE_SIZE));
    expect(second.hasMore).toBe(false);
    const search = (await app.inject({ method: "GET", url: "/files?searchParam=lista%20041&companyId=1", headers: auth })).json();
    expect(search.files.map((f: { name: string }) => f.name)).toEqual(["Lista 041"]);
  });

  it("answers 404 for another company's list on every route", async () => {
    const mine = await filesCompany(app, database.db);
    const theirs = await filesCompany(app, database.db);
    const [row] = await database.db.insert(files).values({ companyId: theirs.company.id, name: "Alheia", message: "m" }).returning();
    const payload = { name: "Nova", message: "m" };
    for (const [method, url] of [
      ["GET", `/files/${row!.id}`],
      ["PUT", `/files/${row!.id}`],
      ["DELETE", `/files/${row!.id}`],
    ] as const) {
      const res = await app.inject({ method, url, headers: mine.auth, payload: method === "PUT" ? payload : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const [still] = await database.db.select().from(files).where(eq(files.id, row!.id));
    expect(still?.name).toBe("Alheia");
  });

  it("refuses a company whose plan lacks campaigns (403 ERR_PLAN_FEATURE_DISABLED)", async () => {
    const { auth } = await filesCompany(app, database.db, { useCampaigns: false });
    const res = await app.inject({ method: "GET", url: "/files", headers: auth });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: "ERR_PLAN_FEATURE_DISABLED", details: { flag: "useCampaigns" } });
    const post = await app.inject({ method: "POST", url: "/files", headers: auth, payload: { name: "Lista", message: "m" } });
    expect(post.statusCode).toBe(403);
  });
});
