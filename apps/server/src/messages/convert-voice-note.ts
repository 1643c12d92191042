import { spawn } from "node:child_process";

export interface VoiceNote {
  data: Buffer;
  mimetype: string;
  fileName: string;
}

/**
 * Turns a browser recording (webm/ogg/mp3...) into what WhatsApp plays as a voice note: Ogg with Opus, mono.
 * Uses Debian's `ffmpeg` when present; without it (or when it fails) the answer is null and the caller sends the
 * recording as it is, which WhatsApp shows as an audio file rather than a voice note (docs/DECISIONS.md).
 */
export function convertVoiceNote(input: Buffer, opts: { ffmpegPath?: string; timeoutMs?: number } = {}): Promise<VoiceNote | null> {
  return new Promise((resolve) => {
    const args = ["-hide_banner", "-loglevel", "error", "-i", "pipe:0", "-vn", "-ac", "1", "-c:a", "libopus", "-b:a", "32k", "-f", "ogg", "pipe:1"];
    let child;
    try {
      child = spawn(opts.ffmpegPath ?? "ffmpeg", args, { stdio: ["pipe", "pipe", "ignore"] });
    } catch {
      return resolve(null);
    }
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => child.kill("SIGKILL"), opts.timeoutMs ?? 30_000);
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    // ENOENT (no ffmpeg) and broken pipes end up here or in close: both mean "send it as it is".
    child.on("error", () => {
      clearTimeout(timer);
      resolve(null);
    });
    child.stdin.on("error", () => undefined);
    child.on("close", (code) => {
      clearTimeout(timer);
      const data = Buffer.concat(chunks);
      resolve(code === 0 && data.length > 0 ? { data, mimetype: "audio/ogg; codecs=opus", fileName: "voice-note.ogg" } : null);
    });
    child.stdin.end(input);
  });
}
