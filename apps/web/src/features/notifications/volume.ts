import { STORAGE_KEYS, VOLUME_DEFAULT, VOLUME_MAX, VOLUME_MIN } from "@atendo/shared";

/** Notification volume kept under "volume", 0..1, default 1 (spec section 9). */
export function readVolume(): number {
  const raw = localStorage.getItem(STORAGE_KEYS.volume);
  if (raw === null || raw.trim() === "") return VOLUME_DEFAULT;
  const value = Number(raw);
  if (!Number.isFinite(value)) return VOLUME_DEFAULT;
  return Math.min(VOLUME_MAX, Math.max(VOLUME_MIN, value));
}

export function storeVolume(value: number): void {
  const clamped = Math.min(VOLUME_MAX, Math.max(VOLUME_MIN, value));
  // Round to the slider's step so 0.30000000000000004 is stored as 0.3.
  localStorage.setItem(STORAGE_KEYS.volume, String(Math.round(clamped * 10) / 10));
}
