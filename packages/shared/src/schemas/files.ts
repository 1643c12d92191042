import { z } from "zod";
import { V } from "./messages.js";
import { idSchema } from "./common.js";

/** File list dialog (administration section 5: name at least 3, 'nome muito curto'; message required). */
export const FILE_LIST_NAME_MIN = 3;
export const FILE_LIST_NAME_MAX = 100;
export const FILE_LIST_MESSAGE_MAX = 10_000;
export const FILE_OPTION_NAME_MAX = 200;
/** Option rows of one list (each a file a campaign sends): enough for a catalogue, bounded for the sender. */
export const FILE_LIST_OPTIONS_MAX = 20;

/** One option row: its id when it already exists (kept), none for a new one; the file is uploaded separately. */
export const fileOptionSchema = z
  .object({
    id: idSchema.optional(),
    name: z.string({ error: V.required }).trim().min(1, V.required).max(FILE_OPTION_NAME_MAX, V.tooLong),
  })
  // The reference client sends path, mediaType and file with each row: read and ignored (the upload sets them).
  .loose()
  .transform(({ id, name }) => ({ id, name }));

/** POST /files and PUT /files/{id}: the options listed become the list's rows (rows left out are removed). */
export const fileListSchema = z
  .object({
    name: z
      .string({ error: V.required })
      .trim()
      .min(1, V.required)
      .min(FILE_LIST_NAME_MIN, V.nameTooShort)
      .max(FILE_LIST_NAME_MAX, V.tooLong),
    message: z.string({ error: V.required }).trim().min(1, V.required).max(FILE_LIST_MESSAGE_MAX, V.tooLong),
    options: z.array(fileOptionSchema, { error: V.invalid }).max(FILE_LIST_OPTIONS_MAX, V.tooLong).default([]),
  })
  .strict();
export type FileListInput = z.input<typeof fileListSchema>;
export type FileListData = z.output<typeof fileListSchema>;

/** A file list's option row as the API answers it (administration section 3, File list). */
export interface FileOptionView {
  id: number;
  fileId: number;
  name: string;
  /** The stored file (relative to the file storage), null until one is uploaded. */
  path: string | null;
  mediaType: string | null;
}

export interface FileListView {
  id: number;
  name: string;
  message: string;
  companyId: number;
  options: FileOptionView[];
  createdAt: string;
  updatedAt: string;
}

/** GET /files: a page of lists; `count` is the total the title shows. */
export interface FileListPage {
  files: FileListView[];
  hasMore: boolean;
  count: number;
}

/** Payload of `company-{id}-file`. */
export type FileListEventPayload =
  | { action: "create" | "update"; fileList: FileListView }
  | { action: "delete"; fileId: number };
