import type { CampaignSettings } from "@atendo/shared";

type Pacing = Pick<CampaignSettings, "messageInterval" | "longerIntervalAfter" | "greaterInterval">;

/**
 * Seconds after the campaign's start at which its `index`-th contact (0-based, in dispatch order) is due:
 * `messageInterval` between two contacts, and `greaterInterval` instead after every `longerIntervalAfter` contacts
 * (0 turns the longer pause off). A pure function of the sequence, so every process and every restart agrees.
 */
export function dueOffsetSeconds(index: number, pacing: Pacing): number {
  if (index <= 0) return 0;
  const longPauses = pacing.longerIntervalAfter > 0 ? Math.floor(index / pacing.longerIntervalAfter) : 0;
  return (index - longPauses) * pacing.messageInterval + longPauses * pacing.greaterInterval;
}
