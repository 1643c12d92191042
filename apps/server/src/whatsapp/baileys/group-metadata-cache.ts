import type { BaileysEventMap, GroupMetadata } from "baileys";

/**
 * Group metadata for Baileys' `cachedGroupMetadata`: without it every message to a group first asks WhatsApp for
 * the member list, which hits WhatsApp's rate limits on busy groups. Entries expire, and any change WhatsApp reports
 * for a group drops its entry so the next send fetches the current members.
 */
export class GroupMetadataCache {
  private readonly entries = new Map<string, { metadata: GroupMetadata; at: number }>();

  constructor(
    private readonly ttlMs = 5 * 60_000,
    private readonly now = () => Date.now(),
  ) {}

  get(jid: string): GroupMetadata | undefined {
    const entry = this.entries.get(jid);
    if (!entry) return undefined;
    if (this.now() - entry.at > this.ttlMs) {
      this.entries.delete(jid);
      return undefined;
    }
    return entry.metadata;
  }

  set(metadata: GroupMetadata): void {
    this.entries.set(metadata.id, { metadata, at: this.now() });
  }

  /** Keeps the cache in step with what the socket reports. */
  observe<E extends keyof BaileysEventMap>(event: E, payload: BaileysEventMap[E]): void {
    if (event === "groups.upsert") for (const g of payload as BaileysEventMap["groups.upsert"]) this.set(g);
    if (event === "groups.update") for (const g of payload as BaileysEventMap["groups.update"]) if (g.id) this.entries.delete(g.id);
    if (event === "group-participants.update") this.entries.delete((payload as BaileysEventMap["group-participants.update"]).id);
  }
}
