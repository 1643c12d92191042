import { companyEvent, FILE_LIST_OPTIONS_MAX, fileListSchema, idParamsSchema, pageQuerySchema, type FileListEventPayload } from "@atendo/shared";
import type { App } from "../http/types.js";
import { authOf } from "../http/authenticate.js";
import { readUploads } from "../storage/read-upload.js";
import { listFileLists } from "./list-file-lists.js";
import { getFileList } from "./get-file-list.js";
import { createFileList } from "./create-file-list.js";
import { updateFileList } from "./update-file-list.js";
import { deleteFileList } from "./delete-file-list.js";
import { findFileList } from "./find-file-list.js";
import { uploadFileListFiles } from "./upload-file-list-files.js";

/**
 * File lists (administration sections 2 to 7): sets of files a campaign sends after its message, so the area is
 * gated with the campaigns (`campaigns:use`, plan flag useCampaigns; docs/DECISIONS.md).
 */
export async function filesRoutes(app: App): Promise<void> {
  const permission = "campaigns:use" as const;
  const params = { id: { resource: "files" as const } };
  const example = { body: { name: "Walk list", message: "Walk message", options: [{ name: "Walk option" }] } };
  const { db, storage, realtime } = app.deps;
  const emit = (companyId: number, payload: FileListEventPayload) => realtime.toCompany(companyId, companyEvent.file(companyId), payload);

  // Also answers /files/ (trailing slashes are ignored); a companyId in the query (the campaign dialog's) is ignored.
  app.get("/files", { schema: { querystring: pageQuerySchema.loose() }, config: { permission } }, async (request) =>
    listFileLists(db, authOf(request).companyId, request.query),
  );

  app.get("/files/:id", { schema: { params: idParamsSchema }, config: { permission, params } }, async (request) =>
    getFileList(db, authOf(request).companyId, request.params.id),
  );

  app.post("/files", { schema: { body: fileListSchema }, config: { permission, example } }, async (request, reply) => {
    const { companyId } = authOf(request);
    const fileList = await createFileList(db, companyId, request.body);
    emit(companyId, { action: "create", fileList });
    return reply.status(201).send(fileList);
  });

  app.put(
    "/files/:id",
    { schema: { params: idParamsSchema, body: fileListSchema }, config: { permission, params, example } },
    async (request) => {
      const { companyId } = authOf(request);
      const fileList = await updateFileList(db, storage, companyId, request.params.id, request.body);
      emit(companyId, { action: "update", fileList });
      return fileList;
    },
  );

  app.delete("/files/:id", { schema: { params: idParamsSchema }, config: { permission, params } }, async (request, reply) => {
    const { companyId } = authOf(request);
    await deleteFileList(db, storage, companyId, request.params.id);
    emit(companyId, { action: "delete", fileId: request.params.id });
    return reply.status(204).send();
  });

  // Multipart: files in `files`, and `ids`: the option row of each file, in the same order.
  app.post(
    "/files/uploadList/:id",
    { schema: { params: idParamsSchema }, config: { permission, params, multipart: true } },
    async (request) => {
      const { companyId } = authOf(request);
      // Another company's list is refused before the upload is read.
      await findFileList(db, companyId, request.params.id);
      const { files, fields } = await readUploads(request, "files", FILE_LIST_OPTIONS_MAX);
      const fileList = await uploadFileListFiles(db, storage, companyId, request.params.id, files, fields);
      emit(companyId, { action: "update", fileList });
      return fileList;
    },
  );
}
