import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lockDataDir } from "./lock.js";

describe("lockDataDir", () => {
  it("refuses a second holder of the same data folder with a clear message, and frees it on release", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "atendo-lock-"));
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(/Another Atendo process is using the data folder/);
    await release();
    const again = await lockDataDir(dir);
    await again();
  });
});
