/** The simulator's virtual WhatsApp network as the server presents it (shared schemas/whatsapps.ts). */
import type {
  SimulatorActionInput,
  SimulatorContactCreateInput,
  SimulatorContactView,
  SimulatorEventPayload,
  SimulatorMessageView,
  SimulatorPresence,
} from "@atendo/shared";

export type SimulatorContact = SimulatorContactView;
export type SimulatorMessage = SimulatorMessageView;
export type SimulatorContactInput = SimulatorContactCreateInput;
export type SimulatorEvent = SimulatorEventPayload;
export type { SimulatorPresence };

/** JSON bodies of POST /simulator/{whatsappId}/chats/{number}/messages. */
export type SimulatorSend = SimulatorActionInput;

/** Media go as multipart: the file, an optional caption, voice=true for a voice note, and in groups the author. */
export interface SimulatorMediaSend {
  file: File;
  caption?: string;
  voice?: boolean;
  /** In a group: the member who writes (the server picks the first member when absent). */
  author?: string;
}
