import { COLOR_PALETTE } from "@atendo/shared";

/**
 * The colour a new queue starts with: the first palette colour no queue of the company uses (colours are unique per
 * company: ERR_QUEUE_COLOR_ALREADY_EXISTS), so saving needs only a name; the first one when all are taken.
 */
export function defaultQueueColor(used: readonly string[]): string {
  const taken = new Set(used.map((color) => color.toLowerCase()));
  return COLOR_PALETTE.find((color) => !taken.has(color.toLowerCase())) ?? COLOR_PALETTE[0]!;
}
