import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import lockfile from "proper-lockfile";

/** Data folders this process holds: a second lock from the same pid is a live holder, not a previous incarnation. */
const held = new Set<string>();

/**
 * A PGlite folder belongs to one process: two processes on one folder silently lose writes.
 * The lock is refreshed while we run and goes stale 15 s after the process dies (another host, or a pid we cannot
 * judge). On this host we do better: the holder's pid is written beside the lock, and a lock whose holder is no
 * longer alive is taken over at once, so a process restarted right after a crash starts without waiting.
 * Every start takes a short gate lock first, so two starts cannot both judge the same dead holder and both take over.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  const dir = realpathSync(dataDir);
  const lockPath = path.join(dir, "atendo.lock");
  const ownerPath = path.join(dir, "atendo.lock.owner");
  const lockMain = () =>
    lockfile.lock(dir, {
      lockfilePath: lockPath,
      stale: 15_000,
      update: 5_000,
      realpath: false,
      onCompromised: (err) => {
        throw err;
      },
    });

  // Held for a few milliseconds; a process killed inside it leaves a gate that goes stale after 5 s (a waiting start
  // retries for 10 s). Its own path (atendo.gate.lock): proper-lockfile keeps one lock per locked path in a process.
  const releaseGate = await lockfile.lock(path.join(dir, "atendo.gate"), {
    stale: 5_000,
    update: 1_000,
    realpath: false,
    retries: { retries: 400, factor: 1, minTimeout: 25, maxTimeout: 25 },
    // A refresh racing our own release reports the gate as compromised: harmless, the folder's lock is what counts.
    onCompromised: () => undefined,
  });
  try {
    let release: () => Promise<void>;
    try {
      release = await lockMain();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ELOCKED" || !holderIsDead(ownerPath, lockPath, dir)) throw err;
      // The holder died on this host: nobody refreshes its lock any more, whatever its age.
      rmSync(lockPath, { recursive: true, force: true });
      release = await lockMain();
    }
    // The lock's inode ties the record to this very lock: a lock made by a start that has not written its record yet
    // (possible only if the gate went stale) does not match an older record, so it is never judged dead.
    writeFileSync(ownerPath, JSON.stringify({ host: hostname(), pid: process.pid, lock: statSync(lockPath).ino }));
    held.add(dir);
    return async () => {
      held.delete(dir);
      await release();
    };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ELOCKED") {
      throw new Error(
        `Another Atendo process is using the data folder ${dataDir}. Stop it first, or start this one with another DATA_DIR (or on PostgreSQL with DATABASE_URL).`,
      );
    }
    throw err;
  } finally {
    await releaseGate();
  }
}

/** True only when the recorded holder ran on this host and its pid is gone (or is us, from an earlier life). */
function holderIsDead(ownerPath: string, lockPath: string, dir: string): boolean {
  let owner: { host?: unknown; pid?: unknown; lock?: unknown };
  try {
    owner = JSON.parse(readFileSync(ownerPath, "utf8")) as typeof owner;
  } catch {
    return false; // no record (an older version, or a start killed mid-way): wait for the lock to go stale
  }
  if (owner.host !== hostname() || typeof owner.pid !== "number" || !Number.isInteger(owner.pid) || owner.pid <= 0) return false;
  try {
    if (statSync(lockPath).ino !== owner.lock) return false;
  } catch {
    return false;
  }
  // In a container a restarted server often gets the same pid (e.g. 1): if we do not hold the folder, that was a former life.
  if (owner.pid === process.pid) return !held.has(dir);
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (err) {
    // EPERM: alive, under another user.
    return (err as NodeJS.ErrnoException).code === "ESRCH";
  }
}

const INSTANCE_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The id of the instance that owns this data folder: made on its first start, kept across restarts (the session
 * leases' holder begins with it). Call it only while holding the folder's lock, which makes the id one live process.
 */
export function dataFolderInstanceId(dataDir: string): string {
  const file = path.join(dataDir, "instance-id");
  try {
    const id = readFileSync(file, "utf8").trim();
    if (INSTANCE_ID.test(id)) return id;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  const id = `dir-${randomBytes(6).toString("hex")}`;
  // Written whole or not at all: a crash mid-write must not leave a half id.
  writeFileSync(`${file}.tmp`, id);
  renameSync(`${file}.tmp`, file);
  return id;
}
