import { previewText, type MessageView, type TicketView } from "@atendo/shared";
import { i18n } from "../../i18n/index.js";
import { readVolume } from "./volume.js";

let audio: AudioContext | null = null;

/** A short two-tone chime at the volume of the top bar's slider (spec section 9); silent at 0 or without audio. */
export function playNotificationSound(volume = readVolume()): void {
  if (volume <= 0 || typeof window.AudioContext !== "function") return;
  try {
    audio ??= new window.AudioContext();
    const start = audio.currentTime;
    const gain = audio.createGain();
    gain.gain.setValueAtTime(volume * 0.3, start);
    gain.gain.exponentialRampToValueAtTime(0.001, start + 0.5);
    gain.connect(audio.destination);
    [880, 1320].forEach((frequency, index) => {
      const tone = audio!.createOscillator();
      tone.frequency.value = frequency;
      tone.connect(gain);
      tone.start(start + index * 0.12);
      tone.stop(start + 0.5);
    });
  } catch {
    // Browsers refuse audio before the first user gesture: the bell still counts.
  }
}

/** Asks once for the browser's permission to show notifications. */
export function askNotificationPermission(): void {
  if (typeof window.Notification !== "function" || window.Notification.permission !== "default") return;
  void window.Notification.requestPermission().catch(() => undefined);
}

/** The sound, and a browser notification when the user allowed them. */
export function alertNewMessage(ticket: TicketView, message: MessageView): void {
  playNotificationSound();
  if (typeof window.Notification !== "function" || window.Notification.permission !== "granted") return;
  try {
    new window.Notification(i18n.t("tickets.notification.newMessage", { name: ticket.contact.name }), {
      body: previewText(message.body || ticket.lastMessage),
      tag: `ticket-${ticket.id}`,
      icon: ticket.contact.profilePicUrl ?? undefined,
    });
  } catch {
    // Some mobile browsers only notify from a service worker.
  }
}
