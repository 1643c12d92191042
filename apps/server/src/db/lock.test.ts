import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../config.js";
import { dataFolderInstanceId, lockDataDir } from "./lock.js";

const REFUSED = /Another Atendo process is using the data folder/;
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

/** Another process that takes the folder's lock and keeps running, as a server would. */
function holderProcess(dir: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "--input-type=module", "-e", 'import { lockDataDir } from "./src/db/lock.ts"; await lockDataDir(process.env.LOCK_DIR); console.log("locked"); setInterval(() => {}, 1000);'],
    { cwd: path.join(REPO_ROOT, "apps/server"), env: { ...process.env, LOCK_DIR: dir }, stdio: ["ignore", "pipe", "pipe"] },
  );
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("locked")) resolve(child);
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => reject(new Error(`lock holder exited with ${code}:\n${output}`)));
  });
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });

describe("lockDataDir", () => {
  it("refuses a second holder of the same data folder with a clear message, and frees it on release", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "atendo-lock-"));
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(REFUSED);
    await release();
    const again = await lockDataDir(dir);
    await again();
  });

  it("refuses the folder while its holder lives, and takes it over at once when the holder was killed (kill -9)", { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "atendo-lock-"));
    const holder = await holderProcess(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(REFUSED);

    await killed(holder);
    // The dead holder's lock is still fresh (it goes stale after 15 s): only the takeover lets us in now.
    const release = await lockDataDir(dir);
    // And we are a live holder in turn: nobody else gets in.
    await expect(lockDataDir(dir)).rejects.toThrow(REFUSED);
    await release();
  });

  it("does not take over a lock whose holder ran on another host (its pid means nothing here)", { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "atendo-lock-"));
    const holder = await holderProcess(dir);
    await killed(holder);
    const ownerFile = path.join(dir, "atendo.lock.owner");
    const owner = JSON.parse(readFileSync(ownerFile, "utf8")) as { host: string; pid: number };
    writeFileSync(ownerFile, JSON.stringify({ ...owner, host: `not-${owner.host}` }));
    await expect(lockDataDir(dir)).rejects.toThrow(REFUSED);
  });

  it("lets exactly one of two simultaneous starts take over a dead holder's lock", { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "atendo-lock-"));
    await killed(await holderProcess(dir));
    const results = await Promise.allSettled([lockDataDir(dir), lockDataDir(dir)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(String(refused.reason)).toMatch(REFUSED);
    await (results.find((r) => r.status === "fulfilled") as PromiseFulfilledResult<() => Promise<void>>).value();
  });
});

describe("dataFolderInstanceId", () => {
  it("names the folder's instance once and keeps the name across restarts", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "atendo-instance-"));
    const id = dataFolderInstanceId(dir);
    expect(id).toMatch(/^[A-Za-z0-9._-]{1,64}$/);
    expect(dataFolderInstanceId(dir)).toBe(id);
    expect(dataFolderInstanceId(mkdtempSync(path.join(tmpdir(), "atendo-instance-")))).not.toBe(id);
  });
});
