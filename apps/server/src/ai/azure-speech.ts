import type { OutboundFetch } from "../outbound/outbound-fetch.js";

/** Azure's default text-to-speech endpoint (AZURE_SPEECH_URL); `{region}` is the prompt's voice region. */
export const AZURE_SPEECH_URL_TEMPLATE = "https://{region}.tts.speech.microsoft.com/cognitiveservices/v1";
/** Ogg/Opus: what WhatsApp plays as a voice note (`ptt`). */
export const AZURE_VOICE_NOTE_FORMAT = "ogg-24khz-16bit-mono-opus";

export class SpeechError extends Error {
  constructor(
    public readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "SpeechError";
  }
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

/** The SSML body Azure's REST API takes: one voice speaking the text (pt-BR). */
export function speechSsml(voice: string, text: string): string {
  return `<speak version='1.0' xml:lang='pt-BR'><voice xml:lang='pt-BR' name='${escapeXml(voice)}'>${escapeXml(text)}</voice></speak>`;
}

/**
 * Azure AI Speech text-to-speech over its REST API (`POST …/cognitiveservices/v1` with SSML, the resource key in
 * `Ocp-Apim-Subscription-Key`, the audio format in `X-Microsoft-OutputFormat`). The region only fills the host name
 * and is validated as letters and digits by the prompt schema.
 */
export async function synthesizeSpeech(opts: {
  fetch: OutboundFetch;
  urlTemplate: string;
  region: string;
  key: string;
  voice: string;
  text: string;
  signal: AbortSignal;
}): Promise<Buffer> {
  if (!/^[a-z0-9]+$/.test(opts.region)) throw new SpeechError(0, "Azure speech: invalid region");
  const url = opts.urlTemplate.replaceAll("{region}", opts.region);
  const res = await opts.fetch(url, {
    method: "POST",
    headers: {
      "Ocp-Apim-Subscription-Key": opts.key,
      "Content-Type": "application/ssml+xml",
      "X-Microsoft-OutputFormat": AZURE_VOICE_NOTE_FORMAT,
      "User-Agent": "atendo",
    },
    body: speechSsml(opts.voice, opts.text),
    signal: opts.signal,
  });
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    throw new SpeechError(res.status, `Azure speech: HTTP ${res.status}`);
  }
  return Buffer.from(await res.arrayBuffer());
}
