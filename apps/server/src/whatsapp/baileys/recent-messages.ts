import type { WAMessage } from "baileys";

/**
 * The last messages this session saw or sent, by id. Quoting, reacting to, deleting and marking read need the
 * original key (in groups, its participant) and, for a quote, its content, which the rest of the server does not keep
 * in Baileys' shape. Bounded: an old message falls back to a key built from the chat.
 */
export class RecentMessages {
  private readonly byId = new Map<string, WAMessage>();

  constructor(private readonly limit = 2_000) {}

  remember(message: WAMessage): void {
    const id = message.key?.id;
    if (!id || !message.message) return;
    this.byId.delete(id);
    this.byId.set(id, message);
    if (this.byId.size > this.limit) this.byId.delete(this.byId.keys().next().value!);
  }

  get(id: string): WAMessage | undefined {
    return this.byId.get(id);
  }
}
