import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CampaignView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { multipart, PAGES_AS_MP4, REAL_FILES } from "../test/multipart.js";
import { campaignFixture } from "./test-support.js";

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

describe("POST /campaigns/{id}/media-upload", () => {
  it("judges the file by its bytes: a page named .mp4 is refused, a real MP4 and PNG are stored as what they are", async () => {
    const ctx = await campaignFixture(app, database, []);
    const created = (await ctx.create({ name: "Vídeo de junho", message1: "Olá" })).json<CampaignView>();
    const upload = (file: { name: string; type: string; data: Buffer }) => {
      const body = multipart(file);
      return app.inject({ method: "POST", url: `/campaigns/${created.id}/media-upload`, headers: { ...ctx.asAdmin, ...body.headers }, payload: body.payload });
    };
    for (const page of PAGES_AS_MP4) {
      const res = await upload(page);
      expect(res.statusCode, page.name).toBe(400);
      expect(res.json(), page.name).toEqual({ error: "ERR_INVALID_FILE_TYPE" });
    }
    const video = await upload({ name: "clip.mp4", type: "video/mp4", data: REAL_FILES.mp4 });
    expect(video.statusCode, video.body).toBe(200);
    expect(video.json()).toMatchObject({ mediaName: "clip.mp4" });
    const image = await upload({ name: "foto.png", type: "image/png", data: REAL_FILES.png });
    expect(image.statusCode, image.body).toBe(200);
    expect(image.json()).toMatchObject({ mediaName: "foto.png" });
  });
});
