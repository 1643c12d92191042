import { STORAGE_KEYS } from "@atendo/shared";

/** A local task note (administration section 3): kept only in this browser, under the key "tasks". */
export interface Task {
  text: string;
  /** ISO dates. */
  createdAt: string;
  updatedAt: string;
  done: boolean;
}

/** The stored tasks; anything unreadable (another app's value, a hand edit) counts as none rather than breaking the page. */
export function readTasks(): Task[] {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.tasks) ?? "[]");
    if (!Array.isArray(raw)) return [];
    return raw
      .filter((t): t is Record<string, unknown> => typeof t === "object" && t !== null && typeof (t as { text?: unknown }).text === "string")
      .map((t) => ({
        text: t.text as string,
        createdAt: typeof t.createdAt === "string" ? t.createdAt : new Date().toISOString(),
        updatedAt: typeof t.updatedAt === "string" ? t.updatedAt : typeof t.createdAt === "string" ? t.createdAt : new Date().toISOString(),
        done: t.done === true,
      }));
  } catch {
    return [];
  }
}

export function storeTasks(tasks: Task[]): void {
  localStorage.setItem(STORAGE_KEYS.tasks, JSON.stringify(tasks));
}
