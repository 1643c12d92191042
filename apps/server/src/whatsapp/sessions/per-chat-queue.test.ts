import { describe, expect, it } from "vitest";
import { chatKeysOf, createPerChatQueue } from "./per-chat-queue.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("per-chat queue", () => {
  it("keeps one chat in order while another chat does not wait for it", async () => {
    const queue = createPerChatQueue();
    const done: string[] = [];
    let release!: () => void;
    const blocked = new Promise<void>((r) => (release = r));
    const a1 = queue.run(["a"], async () => {
      await blocked;
      done.push("a1");
    });
    const a2 = queue.run(["a"], async () => void done.push("a2"));
    await queue.run(["b"], async () => void done.push("b1"));
    expect(done).toEqual(["b1"]);
    release();
    await Promise.all([a1, a2]);
    expect(done).toEqual(["b1", "a1", "a2"]);
  });

  it("a task of several keys waits for all of them, and they wait for it; a failure does not block the chat", async () => {
    const queue = createPerChatQueue();
    const done: string[] = [];
    const slowLid = queue.run(["l:1"], async () => {
      await sleep(30);
      done.push("lid message");
    });
    const failing = queue.run(["n:55"], async () => {
      throw new Error("database down");
    });
    const link = queue.run(["n:55", "l:1"], async () => void done.push("identity"));
    const byNumber = queue.run(["n:55"], async () => void done.push("number message"));
    await expect(failing).rejects.toThrow("database down");
    await Promise.all([slowLid, link, byNumber]);
    expect(done).toEqual(["lid message", "identity", "number message"]);
    await queue.idle();
  });

  it("keys events by chat: groups by id, people by number and LID", () => {
    expect(chatKeysOf({ type: "ack", chat: { kind: "group", id: "123-456" }, messageId: "x", ack: 3 })).toEqual(["g:123-456"]);
    expect(chatKeysOf({ type: "identity", lid: "9", number: "55" })).toEqual(["n:55", "l:9"]);
    expect(chatKeysOf({ type: "connection", status: "CONNECTED" })).toEqual(["connection"]);
  });
});
