import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { convertVoiceNote } from "./convert-voice-note.js";

const recording = readFileSync(new URL("../test/fixtures/voice-recording.webm", import.meta.url));
const hasFfmpeg = spawnSync("ffmpeg", ["-version"]).status === 0;

describe("convertVoiceNote", () => {
  it(hasFfmpeg ? "turns a browser recording into Ogg/Opus with ffmpeg" : "answers null on this machine, which has no ffmpeg", async () => {
    const note = await convertVoiceNote(recording);
    if (!hasFfmpeg) return expect(note).toBeNull();
    expect(note?.mimetype).toBe("audio/ogg; codecs=opus");
    expect(note?.data.subarray(0, 4).toString("latin1")).toBe("OggS");
  });

  it("answers null without ffmpeg, and for input that is not audio", async () => {
    expect(await convertVoiceNote(recording, { ffmpegPath: "/nonexistent/ffmpeg" })).toBeNull();
    expect(await convertVoiceNote(Buffer.from("not audio at all"))).toBeNull();
  });
});
