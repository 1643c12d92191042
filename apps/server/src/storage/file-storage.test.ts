import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFileStorage, safeDisplayName, type FileStorage } from "./file-storage.js";
import { createS3Storage } from "./s3-storage.js";
import { startFakeS3 } from "../test/fake-s3.js";

let s3: Awaited<ReturnType<typeof startFakeS3>>;
beforeAll(async () => {
  s3 = await startFakeS3();
});
afterAll(async () => {
  await s3.close();
});

const kinds: [string, () => FileStorage][] = [
  ["a folder", () => createFileStorage(mkdtempSync(path.join(tmpdir(), "atendo-files-")))],
  ["an S3-compatible bucket", () => createS3Storage({ bucket: "atendo", prefix: "test/", region: "us-east-1", endpoint: s3.endpoint, accessKeyId: "key", secretAccessKey: "secret" })],
];

describe.each(kinds)("file storage in %s", (_kind, make) => {
  it("stores under a random name, keeps the display name, reads, streams and removes", async () => {
    const storage = make();
    const stored = await storage.save(7, "quick-messages", "minha foto final.png", Buffer.from("png bytes"));
    expect(stored.name).toBe("minha_foto_final.png");
    expect(stored.path).toMatch(/^7\/quick-messages\/[0-9a-f-]{36}\.png$/);
    expect(await storage.exists(stored.path)).toBe(true);
    expect((await storage.read(stored.path))?.toString()).toBe("png bytes");
    const stream = await storage.open(stored.path);
    const chunks: Buffer[] = [];
    for await (const chunk of stream!) chunks.push(Buffer.from(chunk as Buffer));
    expect(Buffer.concat(chunks).toString()).toBe("png bytes");
    await storage.remove(stored.path);
    expect(await storage.exists(stored.path)).toBe(false);
    expect(await storage.read(stored.path)).toBeNull();
    expect(await storage.open(stored.path)).toBeNull();
  });

  it("removes every file of one company and only of that company", async () => {
    const storage = make();
    const gone = [await storage.save(41, "messages", "a.png", Buffer.from("a")), await storage.save(41, "queues", "b.pdf", Buffer.from("b"))];
    const kept = await storage.save(4, "messages", "c.png", Buffer.from("c"));
    await storage.removeCompany(41);
    for (const file of gone) expect(await storage.exists(file.path)).toBe(false);
    expect(await storage.exists(kept.path)).toBe(true);
    await storage.removeCompany(41);
  });

  it("never reads a path outside what it wrote", async () => {
    const storage = make();
    for (const forged of ["../../etc/passwd", "/etc/passwd", "7/../../secret"]) {
      expect(await storage.read(forged)).toBeNull();
      expect(await storage.exists(forged)).toBe(false);
    }
    expect(safeDisplayName("../../etc/pass wd")).toBe("pass_wd");
  });
});

describe("S3 storage", () => {
  it("keeps objects under the configured prefix", async () => {
    const storage = createS3Storage({ bucket: "atendo", prefix: "tenant-files/", region: "us-east-1", endpoint: s3.endpoint, accessKeyId: "key", secretAccessKey: "secret" });
    const stored = await storage.save(3, "messages", "nota.pdf", Buffer.from("%PDF-1.4"));
    expect(s3.objects.get(`atendo/tenant-files/${stored.path}`)?.toString()).toBe("%PDF-1.4");
  });
});
