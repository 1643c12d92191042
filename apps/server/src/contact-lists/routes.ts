import {
  companyEvent,
  contactListItemCreateSchema,
  contactListItemsQuerySchema,
  contactListItemUpdateSchema,
  contactListOptionsQuerySchema,
  contactListSchema,
  idParamsSchema,
  pageQuerySchema,
  type ContactListEventPayload,
  type ContactListItemEventPayload,
} from "@atendo/shared";
import type { App } from "../http/types.js";
import { authOf } from "../http/authenticate.js";
import { readUpload } from "../storage/read-upload.js";
import { listContactListOptions, listContactLists } from "./list-contact-lists.js";
import { getContactList } from "./get-contact-list.js";
import { createContactList } from "./create-contact-list.js";
import { updateContactList } from "./update-contact-list.js";
import { deleteContactList } from "./delete-contact-list.js";
import { getContactListItem, listContactListItems } from "./list-contact-list-items.js";
import { createContactListItem } from "./create-contact-list-item.js";
import { updateContactListItem } from "./update-contact-list-item.js";
import { deleteContactListItem } from "./delete-contact-list-item.js";
import { findContactList } from "./find-contact-list.js";
import { startContactListImport } from "./start-contact-list-import.js";
import { getContactListImport } from "./get-contact-list-import.js";
import { CONTACT_LIST_IMPORT_JOB, runContactListImport, type ContactListImportJob } from "./run-contact-list-import.js";
import { CONTACT_LIST_CHECK_JOB, checkListNumbers, type ContactListCheckJob } from "./check-list-numbers.js";

/** Contact lists and their items (administration section 7): everyone of a company whose plan has useCampaigns. */
export async function contactListsRoutes(app: App): Promise<void> {
  const permission = "campaigns:use" as const;
  const listParams = { id: { resource: "contactLists" as const } };
  const itemParams = { id: { resource: "contactListItems" as const } };
  const listEvent = (companyId: number, payload: ContactListEventPayload) =>
    app.deps.realtime.toCompany(companyId, companyEvent.contactList(companyId), payload);
  const itemEvent = (companyId: number, payload: ContactListItemEventPayload) =>
    app.deps.realtime.toCompany(companyId, companyEvent.contactListItem(companyId), payload);
  /** An item's change also changes its list's contacts count. */
  const listChanged = async (companyId: number, listId: number) => {
    const record = await getContactList(app.deps.db, companyId, listId).catch(() => null);
    if (record) listEvent(companyId, { action: "update", record });
  };

  await app.deps.jobs.work<ContactListImportJob>(CONTACT_LIST_IMPORT_JOB, (job, context) => runContactListImport(app.deps, job, context));
  await app.deps.jobs.work<ContactListCheckJob>(
    CONTACT_LIST_CHECK_JOB,
    async (job, context) => {
      await checkListNumbers(app.deps, job, context);
    },
    { retryLimit: 2 },
  );

  app.get("/contact-lists", { schema: { querystring: pageQuerySchema }, config: { permission } }, async (request) =>
    listContactLists(app.deps.db, authOf(request).companyId, request.query),
  );

  app.get("/contact-lists/list", { schema: { querystring: contactListOptionsQuerySchema }, config: { permission } }, async (request) =>
    listContactListOptions(app.deps.db, authOf(request).companyId, request.query.searchParam),
  );

  // The example spreadsheet of the lists page, with the columns the import reads.
  app.get("/contact-lists/example.xlsx", { config: { permission } }, async (_request, reply) => {
    const { buildExampleSheet } = await import("./build-example-sheet.js");
    return reply
      .header("content-type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
      .header("content-disposition", 'attachment; filename="exemplo-lista-de-contatos.xlsx"')
      .send(buildExampleSheet());
  });

  app.get("/contact-lists/:id", { schema: { params: idParamsSchema }, config: { permission, params: listParams } }, async (request) =>
    getContactList(app.deps.db, authOf(request).companyId, request.params.id),
  );

  app.post(
    "/contact-lists",
    { schema: { body: contactListSchema }, config: { permission, example: { body: { name: "Walk List" } } } },
    async (request, reply) => {
      const { companyId } = authOf(request);
      const record = await createContactList(app.deps.db, companyId, request.body);
      listEvent(companyId, { action: "create", record });
      return reply.status(201).send(record);
    },
  );

  app.put(
    "/contact-lists/:id",
    { schema: { params: idParamsSchema, body: contactListSchema }, config: { permission, params: listParams, example: { body: { name: "Walk List" } } } },
    async (request) => {
      const { companyId } = authOf(request);
      const record = await updateContactList(app.deps.db, companyId, request.params.id, request.body);
      listEvent(companyId, { action: "update", record });
      return record;
    },
  );

  app.delete("/contact-lists/:id", { schema: { params: idParamsSchema }, config: { permission, params: listParams } }, async (request, reply) => {
    const { companyId } = authOf(request);
    await deleteContactList(app.deps.db, companyId, request.params.id);
    listEvent(companyId, { action: "delete", id: request.params.id });
    return reply.status(204).send();
  });

  app.post(
    "/contact-lists/:id/upload",
    { schema: { params: idParamsSchema }, config: { permission, params: listParams, multipart: true } },
    async (request, reply) => {
      const auth = authOf(request);
      // Another company's list is refused before the upload is read.
      await findContactList(app.deps.db, auth.companyId, request.params.id);
      const upload = await readUpload(request);
      const started = await startContactListImport(app.deps, auth, request.params.id, upload);
      itemEvent(auth.companyId, { action: "import", import: started });
      return reply.status(202).send({ import: started });
    },
  );

  app.get(
    "/contact-list-imports/:id",
    { schema: { params: idParamsSchema }, config: { permission, params: { id: { resource: "contactListImports" } } } },
    async (request) => getContactListImport(app.deps.db, authOf(request).companyId, request.params.id),
  );

  app.get(
    "/contact-list-items",
    { schema: { querystring: contactListItemsQuerySchema }, config: { permission, example: { query: { contactListId: "1" } } } },
    async (request) =>
    listContactListItems(app.deps.db, authOf(request).companyId, request.query),
  );

  app.get("/contact-list-items/:id", { schema: { params: idParamsSchema }, config: { permission, params: itemParams } }, async (request) =>
    getContactListItem(app.deps.db, authOf(request).companyId, request.params.id),
  );

  app.post(
    "/contact-list-items",
    {
      schema: { body: contactListItemCreateSchema },
      config: { permission, example: { body: { name: "Walk Item", number: "5511987650000", contactListId: 1 } } },
    },
    async (request, reply) => {
      const { companyId } = authOf(request);
      const record = await createContactListItem(app.deps, companyId, request.body);
      itemEvent(companyId, { action: "create", record });
      await listChanged(companyId, record.contactListId);
      return reply.status(201).send(record);
    },
  );

  app.put(
    "/contact-list-items/:id",
    {
      schema: { params: idParamsSchema, body: contactListItemUpdateSchema },
      config: { permission, params: itemParams, example: { body: { name: "Walk Item", number: "5511987650000", email: "" } } },
    },
    async (request) => {
      const { companyId } = authOf(request);
      const record = await updateContactListItem(app.deps, companyId, request.params.id, request.body);
      itemEvent(companyId, { action: "update", record });
      return record;
    },
  );

  app.delete("/contact-list-items/:id", { schema: { params: idParamsSchema }, config: { permission, params: itemParams } }, async (request, reply) => {
    const { companyId } = authOf(request);
    const deleted = await deleteContactListItem(app.deps.db, companyId, request.params.id);
    itemEvent(companyId, { action: "delete", id: deleted.id, contactListId: deleted.contactListId });
    await listChanged(companyId, deleted.contactListId);
    return reply.status(204).send();
  });
}
