/** The queue multi-select of the tickets screen, remembered per user in this browser. */
const key = (userId: number) => `tickets.selectedQueueIds.${userId}`;

/** The stored selection, kept to the user's own queues; every own queue when nothing (valid) was stored. */
export function readQueueSelection(userId: number, ownQueueIds: number[]): number[] {
  const raw = localStorage.getItem(key(userId));
  if (raw === null) return ownQueueIds;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return ownQueueIds;
    return parsed.filter((id): id is number => typeof id === "number" && ownQueueIds.includes(id));
  } catch {
    return ownQueueIds;
  }
}

export function storeQueueSelection(userId: number, queueIds: number[]): void {
  localStorage.setItem(key(userId), JSON.stringify(queueIds));
}
