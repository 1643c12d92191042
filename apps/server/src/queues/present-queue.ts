import { defaultWorkingHours, type QueueView, type WorkingHoursEntry } from "@atendo/shared";
import type { queues } from "../db/schema.js";

type QueueRow = typeof queues.$inferSelect;

/** What leaves the server about a queue. The media path is relative to the file storage, never a filesystem path. */
export function presentQueue(queue: QueueRow): QueueView {
  return {
    id: queue.id,
    name: queue.name,
    color: queue.color,
    greetingMessage: queue.greetingMessage,
    outOfHoursMessage: queue.outOfHoursMessage,
    complationMessage: queue.complationMessage,
    ratingMessage: queue.ratingMessage,
    token: queue.token,
    orderQueue: queue.orderQueue,
    integrationId: queue.integrationId,
    promptId: queue.promptId,
    // A row stored without working hours (none are created that way through the API) reads as the defaults.
    schedules: queue.schedules.length ? (queue.schedules as WorkingHoursEntry[]) : defaultWorkingHours(),
    mediaPath: queue.mediaPath,
    mediaName: queue.mediaName,
    createdAt: queue.createdAt.toISOString(),
    updatedAt: queue.updatedAt.toISOString(),
  };
}
