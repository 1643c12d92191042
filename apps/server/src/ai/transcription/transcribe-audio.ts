import type { TranscribeProvider } from "@atendo/shared";
import type { AppDeps } from "../../app-deps.js";
import type { Transcriber } from "./transcriber.js";
import { openAiTranscriber } from "./openai.js";
import { deepgramTranscriber } from "./deepgram.js";
import { assemblyAiTranscriber } from "./assemblyai.js";

type Deps = Pick<AppDeps, "config" | "outbound">;

export interface TranscribeAudioInput {
  companyId: number;
  provider: TranscribeProvider;
  key: string;
  audio: Buffer;
  mimeType: string;
  signal?: AbortSignal;
}

/** Tests only: AssemblyAI's polling interval (the fake answers at once; real transcripts take seconds). */
export const transcriptionTuning = { assemblyAiPollMs: 3_000 };

export function transcriberFor(deps: Deps, provider: TranscribeProvider): Transcriber {
  const common = { fetch: deps.outbound.fetch, timeoutMs: deps.config.outboundTimeoutMs };
  switch (provider) {
    case "openai":
      return openAiTranscriber({ ...common, baseUrl: deps.config.openaiApiUrl ?? "https://api.openai.com/v1" });
    case "deepgram":
      return deepgramTranscriber({ ...common, baseUrl: deps.config.deepgramApiUrl ?? "https://api.deepgram.com" });
    case "assemblyai":
      return assemblyAiTranscriber({
        ...common,
        baseUrl: deps.config.assemblyaiApiUrl ?? "https://api.assemblyai.com",
        pollIntervalMs: transcriptionTuning.assemblyAiPollMs,
      });
  }
}

/**
 * Audio to text through the given provider, on the guarded client and the company's circuit for that provider (a
 * provider failing for one company is paused for it alone). Throws AiProviderError. Also used by the AI prompts
 * (a customer's voice note is transcribed before it is answered).
 */
export function transcribeAudio(deps: Deps, input: TranscribeAudioInput): Promise<string> {
  const transcriber = transcriberFor(deps, input.provider);
  return deps.outbound.circuit.run(`${input.companyId}:transcription-${input.provider}`, () =>
    transcriber.transcribe({ key: input.key, audio: input.audio, mimeType: input.mimeType, signal: input.signal }),
  );
}
