import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.js";
import { createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { SAMPLE_FILES } from "../test/multipart.js";
import { filesCompany, multipartFiles } from "./test-support.js";
import { listFileListMedia } from "./list-file-list-media.js";
import { parseOptionIds } from "./upload-file-list-files.js";

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

type Auth = Record<string, string>;
async function newList(auth: Auth, options: string[]) {
  const res = await app.inject({ method: "POST", url: "/files", headers: auth, payload: { name: "Catálogo", message: "Segue", options: options.map((name) => ({ name })) } });
  return res.json() as { id: number; options: { id: number; name: string; path: string | null; mediaType: string | null }[] };
}
function upload(auth: Auth, id: number, items: { name: string; type: string; data: Buffer }[], ids: number[]) {
  const body = multipartFiles(items, { ids: ids.join(",") });
  return app.inject({ method: "POST", url: `/files/uploadList/${id}`, headers: { ...auth, ...body.headers }, payload: body.payload });
}

describe("POST /files/uploadList/{id}", () => {
  it("stores each file on its option row with the detected type; a campaign reads them with listFileListMedia", async () => {
    const { company, auth } = await filesCompany(app, database.db);
    const list = await newList(auth, ["Tabela de preços", "Foto", "Ainda sem arquivo"]);
    const [pdfRow, pngRow] = list.options;
    const res = await upload(
      auth,
      list.id,
      [
        { name: "tabela.pdf", type: "application/pdf", data: SAMPLE_FILES.pdf },
        { name: "foto.png", type: "image/png", data: SAMPLE_FILES.png },
      ],
      [pdfRow!.id, pngRow!.id],
    );
    expect(res.statusCode).toBe(200);
    const options = res.json().options as typeof list.options;
    expect(options[0]).toMatchObject({ id: pdfRow!.id, mediaType: "application/pdf" });
    expect(options[0]!.path).toMatch(new RegExp(`^${company.id}/files/.+\\.pdf$`));
    expect(options[1]).toMatchObject({ id: pngRow!.id, mediaType: "image/png" });
    expect(options[2]).toMatchObject({ path: null, mediaType: null });
    expect(await app.deps.storage.read(options[0]!.path!)).toEqual(SAMPLE_FILES.pdf);

    expect(await listFileListMedia(database.db, company.id, list.id)).toEqual([
      { name: "Tabela de preços", path: options[0]!.path, mimetype: "application/pdf" },
      { name: "Foto", path: options[1]!.path, mimetype: "image/png" },
    ]);
    // Another company's id of the same list: nothing.
    expect(await listFileListMedia(database.db, company.id + 100_000, list.id)).toEqual([]);
  });

  it("replaces a row's file, and removes files with the rows an edit leaves out and with the list", async () => {
    const { auth } = await filesCompany(app, database.db);
    const list = await newList(auth, ["A", "B"]);
    const [a, b] = list.options;
    const first = (await upload(auth, list.id, [{ name: "a.pdf", type: "application/pdf", data: SAMPLE_FILES.pdf }, { name: "b.png", type: "image/png", data: SAMPLE_FILES.png }], [a!.id, b!.id])).json();
    const oldA = first.options[0].path as string;
    const pathB = first.options[1].path as string;
    const second = (await upload(auth, list.id, [{ name: "a2.png", type: "image/png", data: SAMPLE_FILES.png }], [a!.id])).json();
    expect(second.options[0].path).not.toBe(oldA);
    expect(await app.deps.storage.exists(oldA)).toBe(false);

    // The edit keeps A (renamed), drops B, adds C.
    const edited = await app.inject({ method: "PUT", url: `/files/${list.id}`, headers: auth, payload: { name: "Catálogo 2", message: "Segue", options: [{ id: a!.id, name: "A2" }, { name: "C" }] } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().options.map((o: { name: string }) => o.name)).toEqual(["A2", "C"]);
    expect(edited.json().options[0].path).toBe(second.options[0].path);
    expect(await app.deps.storage.exists(pathB)).toBe(false);

    const keptPath = second.options[0].path as string;
    expect((await app.inject({ method: "DELETE", url: `/files/${list.id}`, headers: auth })).statusCode).toBe(204);
    expect(await app.deps.storage.exists(keptPath)).toBe(false);
    expect((await app.inject({ method: "GET", url: `/files/${list.id}`, headers: auth })).statusCode).toBe(404);
  });

  it("refuses an executable renamed .pdf, a page renamed .mp4, and stores nothing", async () => {
    const { auth } = await filesCompany(app, database.db);
    const list = await newList(auth, ["A", "B"]);
    const [a, b] = list.options;
    const exe = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(200)]);
    const res = await upload(auth, list.id, [{ name: "ok.png", type: "image/png", data: SAMPLE_FILES.png }, { name: "setup.pdf", type: "application/pdf", data: exe }], [a!.id, b!.id]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "ERR_INVALID_FILE_TYPE", details: { fileName: "setup.pdf" } });
    const page = await upload(auth, list.id, [{ name: "v.mp4", type: "video/mp4", data: Buffer.from("<html><script>x</script></html>") }], [a!.id]);
    expect(page.statusCode).toBe(400);
    const got = (await app.inject({ method: "GET", url: `/files/${list.id}`, headers: auth })).json();
    expect(got.options.every((o: { path: string | null }) => o.path === null)).toBe(true);
  });

  it("refuses ids that do not name this list's rows, and another company's list (404)", async () => {
    const { auth } = await filesCompany(app, database.db);
    const other = await filesCompany(app, database.db);
    const list = await newList(auth, ["A"]);
    const theirs = await newList(other.auth, ["X"]);
    const png = { name: "a.png", type: "image/png", data: SAMPLE_FILES.png };
    const foreignRow = await upload(auth, list.id, [png], [theirs.options[0]!.id]);
    expect(foreignRow.statusCode).toBe(400);
    expect(foreignRow.json()).toMatchObject({ error: "ERR_VALIDATION", fields: [{ path: "body.ids" }] });
    expect((await upload(auth, list.id, [png, png], [list.options[0]!.id])).statusCode).toBe(400);
    expect((await upload(auth, theirs.id, [png], [theirs.options[0]!.id])).statusCode).toBe(404);
    const put = await app.inject({ method: "PUT", url: `/files/${list.id}`, headers: auth, payload: { name: "Lista", message: "m", options: [{ id: theirs.options[0]!.id, name: "X" }] } });
    expect(put.statusCode).toBe(400);
  });

  it("reads the ids field as a comma list or a JSON array", () => {
    expect(parseOptionIds({ ids: "3, 4" })).toEqual([3, 4]);
    expect(parseOptionIds({ id: "[5,6]" })).toEqual([5, 6]);
    expect(parseOptionIds({ ids: "x" })).toBeNull();
    expect(parseOptionIds({})).toBeNull();
  });
});
