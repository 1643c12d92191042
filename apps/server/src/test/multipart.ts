import { readFileSync } from "node:fs";

/** A multipart/form-data body for app.inject: text fields and one file. */
export function multipart(
  file: { field?: string; name: string; type: string; data: Buffer },
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----atendo${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? "file"}"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

/**
 * The first bytes of real files of each kind, enough for the signature checks; the MP3 is a whole file (0.2 s of a
 * tone, test/fixtures): audio is judged by reading its frames (file-type), a bare ID3 header is not audio.
 */
export const SAMPLE_FILES = {
  png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  pdf: Buffer.from("%PDF-1.4\n%âãÏÓ\n"),
  mp3: fixture("tiny-audio.mp3"),
};

/** Whole real files (test/fixtures): an H.264 MP4 of a fifth of a second, an 8x8 PNG. */
export const REAL_FILES = { mp4: fixture("tiny-video.mp4"), png: fixture("tiny-image.png") };

/**
 * Pages uploaded as a video: every upload path must refuse them by their bytes (file-type), whatever the name and the
 * declared type say. The second starts with a byte-order mark, so it does not even begin with "<".
 */
export const PAGES_AS_MP4 = [
  { name: "video.mp4", type: "video/mp4", data: Buffer.from("<!doctype html><script>alert(document.cookie)</script>") },
  { name: "clip.mp4", type: "video/mp4", data: Buffer.from("\uFEFF<html><body><script>alert(1)</script></body></html>") },
];
