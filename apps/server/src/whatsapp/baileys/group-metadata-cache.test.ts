import type { GroupMetadata } from "baileys";
import { describe, expect, it } from "vitest";
import { GroupMetadataCache } from "./group-metadata-cache.js";

const group = (subject: string): GroupMetadata => ({ id: "120363025246125888@g.us", subject, owner: undefined, participants: [] });

describe("GroupMetadataCache", () => {
  it("answers until the entry expires", () => {
    let now = 0;
    const cache = new GroupMetadataCache(1_000, () => now);
    cache.set(group("Entregas"));
    now = 999;
    expect(cache.get("120363025246125888@g.us")?.subject).toBe("Entregas");
    now = 1_001;
    expect(cache.get("120363025246125888@g.us")).toBeUndefined();
  });

  it("learns groups from groups.upsert and forgets them on any reported change", () => {
    const cache = new GroupMetadataCache();
    cache.observe("groups.upsert", [group("Entregas")]);
    expect(cache.get("120363025246125888@g.us")?.subject).toBe("Entregas");
    cache.observe("group-participants.update", { id: "120363025246125888@g.us", author: "x@lid", participants: [], action: "add" });
    expect(cache.get("120363025246125888@g.us")).toBeUndefined();
    cache.set(group("Entregas"));
    cache.observe("groups.update", [{ id: "120363025246125888@g.us", subject: "Entregas — julho" }]);
    expect(cache.get("120363025246125888@g.us")).toBeUndefined();
  });
});
