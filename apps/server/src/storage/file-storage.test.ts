import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createFileStorage, safeDisplayName } from "./file-storage.js";

describe("file storage", () => {
  it("stores under a random name, keeps the display name, and removes", async () => {
    const storage = createFileStorage(mkdtempSync(path.join(tmpdir(), "atendo-files-")));
    const stored = await storage.save(7, "quick-messages", "minha foto final.png", Buffer.from("png"));
    expect(stored.name).toBe("minha_foto_final.png");
    expect(stored.path).toMatch(/^7\/quick-messages\/[0-9a-f-]{36}\.png$/);
    expect(storage.resolve(stored.path)).not.toBeNull();
    await storage.remove(stored.path);
    expect(storage.resolve(stored.path)).toBeNull();
  });

  it("never resolves a path outside its root", async () => {
    const storage = createFileStorage(mkdtempSync(path.join(tmpdir(), "atendo-files-")));
    expect(storage.resolve("../../etc/passwd")).toBeNull();
    expect(storage.resolve("/etc/passwd")).toBeNull();
    expect(safeDisplayName("../../etc/pass wd")).toBe("pass_wd");
  });
});
