import type { ChatRef, Participant, ProviderEvent } from "../provider.js";

/**
 * Runs tasks in order per key and different keys concurrently (design brief: messages of one chat in order, chats
 * concurrently). A task may name several keys: it waits for all of them and every one of them waits for it. That is
 * how an event about a person known by both LID and number stays ordered with the messages addressed either way.
 */
export interface PerChatQueue {
  run<T>(keys: string[], task: () => Promise<T>): Promise<T>;
  /** Resolves when everything queued so far has finished (stop waits for this). */
  idle(): Promise<void>;
}

export function createPerChatQueue(): PerChatQueue {
  const tails = new Map<string, Promise<void>>();
  return {
    run(keys, task) {
      const unique = [...new Set(keys.length ? keys : ["*"])];
      const previous = unique.map((k) => tails.get(k)).filter((p): p is Promise<void> => p !== undefined);
      const result = (previous.length ? Promise.all(previous) : Promise.resolve()).then(task);
      const tail = result.then(
        () => undefined,
        () => undefined,
      );
      for (const key of unique) tails.set(key, tail);
      void tail.then(() => {
        for (const key of unique) if (tails.get(key) === tail) tails.delete(key);
      });
      return result;
    },
    async idle() {
      while (tails.size > 0) await Promise.all([...tails.values()]);
    },
  };
}

function personKeys(p: Pick<Participant, "number" | "lid">): string[] {
  return [...(p.number ? [`n:${p.number}`] : []), ...(p.lid ? [`l:${p.lid}`] : [])];
}

function chatKeys(chat: ChatRef): string[] {
  return chat.kind === "group" ? [`g:${chat.id}`] : personKeys(chat);
}

/**
 * The queue keys of an event: its chat (a group by id; a person by number and by LID). Connection status and events
 * without a chat share the key "connection"; a person's identity link and profile take that person's keys.
 */
export function chatKeysOf(event: ProviderEvent): string[] {
  switch (event.type) {
    case "message": {
      const keys = chatKeys(event.message.chat);
      // A person's own message may be addressed by number while their messages come by LID (and vice versa).
      return event.message.chat.kind === "user" && event.message.from ? [...new Set([...keys, ...personKeys(event.message.from)])] : keys;
    }
    case "message-update":
    case "ack":
    case "reaction":
    case "presence":
      return chatKeys(event.chat);
    case "contact":
      return personKeys(event.contact);
    case "group":
      return [`g:${event.group.id}`];
    case "identity":
      return personKeys({ number: event.number, lid: event.lid });
    case "connection":
      return ["connection"];
  }
}
