import { AsyncLocalStorage } from "node:async_hooks";
import type { FastifyBaseLogger } from "fastify";
import type { Db, Tx } from "../db/client.js";

/** What a transaction leaves to do once it committed: socket events, mostly. Never runs after a rollback. */
export interface AfterCommit {
  add(task: () => Promise<void> | void): void;
}

/**
 * Runs `fn` in a transaction and then its after-commit tasks, in order (design brief: events go out after the
 * transaction commits). A task's failure is logged, not thrown: the data is committed and a missed event is
 * repaired by the next refresh.
 */
export async function inTransaction<T>(db: Db, logger: FastifyBaseLogger, fn: (tx: Tx, after: AfterCommit) => Promise<T>): Promise<T> {
  const tasks: (() => Promise<void> | void)[] = [];
  const result = await db.transaction((tx) => fn(tx, { add: (task) => void tasks.push(task) }));
  await runAfterCommit(tasks, logger);
  return result;
}

/** One commit's after-commit tasks, in order, sharing what they load (afterCommitMemo). */
export async function runAfterCommit(tasks: readonly (() => Promise<void> | void)[], logger: FastifyBaseLogger): Promise<void> {
  if (tasks.length === 0) return;
  await afterCommitScope.run(new Map(), async () => {
    for (const task of tasks) {
      try {
        await task();
      } catch (err) {
        logger.error({ err }, "after-commit task failed");
      }
    }
  });
}

const afterCommitScope = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

/**
 * Within one commit's after-commit tasks, `load` runs once per key (the state after that commit, which every event
 * of it describes); elsewhere it simply runs.
 */
export function afterCommitMemo<T>(key: string, load: () => Promise<T>): Promise<T> {
  const memo = afterCommitScope.getStore();
  if (!memo) return load();
  let value = memo.get(key) as Promise<T> | undefined;
  if (!value) memo.set(key, (value = load()));
  return value;
}
