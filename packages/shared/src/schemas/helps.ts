import { z } from "zod";
import { V } from "./messages.js";

export const HELP_TITLE_MAX = 200;
export const HELP_DESCRIPTION_MAX = 2_000;

/** A YouTube video id: 11 characters of A-Z, a-z, 0-9, - and _. */
export const YOUTUBE_ID_PATTERN = /^[A-Za-z0-9_-]{11}$/;

/**
 * The video id of what an admin pasted: the id itself, or a YouTube URL (watch?v=, youtu.be/, /embed/, /shorts/,
 * /live/, youtube-nocookie.com). Anything else is null.
 */
export function youtubeVideoId(input: string): string | null {
  const value = input.trim();
  if (YOUTUBE_ID_PATTERN.test(value)) return value;
  let url: URL;
  try {
    url = new URL(/^[a-z]+:\/\//i.test(value) ? value : `https://${value}`);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.|music\.)/, "");
  let candidate: string | null | undefined;
  if (host === "youtu.be") candidate = url.pathname.split("/")[1];
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    const [, first, second] = url.pathname.split("/");
    if (first === "watch") candidate = url.searchParams.get("v");
    else if (first === "embed" || first === "shorts" || first === "live" || first === "v") candidate = second;
  }
  return candidate && YOUTUBE_ID_PATTERN.test(candidate) ? candidate : null;
}

/** Help entry form (administration section 3): title, description, video (an id or a YouTube URL, stored as the id). */
export const helpSchema = z
  .object({
    title: z.string({ error: V.required }).trim().min(1, V.required).max(HELP_TITLE_MAX, V.tooLong),
    description: z.string({ error: V.invalid }).trim().max(HELP_DESCRIPTION_MAX, V.tooLong).default(""),
    video: z
      .string({ error: V.required })
      .trim()
      .min(1, V.required)
      .max(500, V.tooLong)
      .transform((value, ctx) => {
        const id = youtubeVideoId(value);
        if (!id) {
          ctx.addIssue({ code: "custom", message: V.invalid });
          return z.NEVER;
        }
        return id;
      }),
  })
  .strict();
export type HelpInput = z.input<typeof helpSchema>;
export type HelpData = z.output<typeof helpSchema>;

/** A help entry as the API answers it (administration section 3, Help entry). */
export interface HelpView {
  id: number;
  title: string;
  description: string;
  /** The YouTube video id. */
  video: string;
  createdAt: string;
  updatedAt: string;
}

export interface HelpPage {
  records: HelpView[];
  count: number;
  hasMore: boolean;
}

/** The privacy-enhanced player of a help video. */
export const helpEmbedUrl = (video: string) => `https://www.youtube-nocookie.com/embed/${encodeURIComponent(video)}`;
