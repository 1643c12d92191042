import type { OutboundFetch } from "../../outbound/outbound-fetch.js";

/** One audio file to text. Each provider (openai, deepgram, assemblyai) is an adapter behind this. */
export interface TranscriptionInput {
  key: string;
  audio: Buffer;
  mimeType: string;
  signal?: AbortSignal;
}

export interface Transcriber {
  transcribe(input: TranscriptionInput): Promise<string>;
}

export interface TranscriberOptions {
  baseUrl: string;
  fetch: OutboundFetch;
  timeoutMs?: number;
}
