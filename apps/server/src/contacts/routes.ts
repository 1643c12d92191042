import {
  companyEvent,
  contactCreateSchema,
  contactOptionsQuerySchema,
  contactUpdateSchema,
  idParamsSchema,
  pageQuerySchema,
  type ContactEventPayload,
} from "@atendo/shared";
import type { App } from "../http/types.js";
import { authOf } from "../http/authenticate.js";
import { readUpload } from "../storage/read-upload.js";
import { listContactOptions, listContacts } from "./list-contacts.js";
import { getContact } from "./get-contact.js";
import { createContact } from "./create-contact.js";
import { updateContact } from "./update-contact.js";
import { deleteContact } from "./delete-contact.js";
import { startContactImport } from "./start-contact-import.js";
import { getContactImport } from "./get-contact-import.js";
import { importPhoneContacts } from "./import-phone-contacts.js";
import { CONTACT_IMPORT_JOB, runContactImport, type ContactImportJob } from "./run-contact-import.js";
import { checkNumberOnDefault } from "../connections/check-number-on-default.js";
import { groupSettingsPreValidation } from "../ai/transcribe-routes.js";

export async function contactsRoutes(app: App): Promise<void> {
  const params = { id: { resource: "contacts" as const } };
  const example = { body: { name: "Walk Contact", number: "5511988887777", email: "", extraInfo: [{ name: "CPF", value: "1" }] } };
  const emit = (companyId: number, payload: ContactEventPayload) =>
    app.deps.realtime.toCompany(companyId, companyEvent.contact(companyId), payload);

  await app.deps.jobs.work<ContactImportJob>(CONTACT_IMPORT_JOB, (job, context) => runContactImport(app.deps, job, context));

  app.get("/contacts", { schema: { querystring: pageQuerySchema } }, async (request) =>
    listContacts(app.deps.db, authOf(request).companyId, request.query),
  );

  app.get("/contacts/list", { schema: { querystring: contactOptionsQuerySchema } }, async (request) =>
    listContactOptions(app.deps.db, authOf(request).companyId, request.query.searchParam),
  );

  app.get("/contacts/:id", { schema: { params: idParamsSchema }, config: { params } }, async (request) =>
    getContact(app.deps.db, authOf(request).companyId, request.params.id),
  );

  app.post("/contacts", { schema: { body: contactCreateSchema }, config: { example } }, async (request, reply) => {
    const { companyId } = authOf(request);
    const result = await createContact(app.deps.db, companyId, request.body, checkNumberOnDefault({ ...app.deps, logger: request.log }));
    if (result.alreadyExists) return reply.status(200).send(result);
    const { alreadyExists: _a, invalido: _i, whatsappCheck: _w, ...contact } = result;
    emit(companyId, { action: "create", contact });
    return reply.status(201).send(result);
  });

  // The transcribe page's group settings share this path (ai/transcribe-routes.ts answers them before the form's schema).
  app.put("/contacts/:id", { schema: { params: idParamsSchema, body: contactUpdateSchema }, config: { params, example }, preValidation: groupSettingsPreValidation(app) }, async (request) => {
    const { companyId } = authOf(request);
    const contact = await updateContact(app.deps.db, companyId, request.params.id, request.body);
    emit(companyId, { action: "update", contact });
    return contact;
  });

  app.delete(
    "/contacts/:id",
    { schema: { params: idParamsSchema }, config: { params, permission: "contacts-page:deleteContact" } },
    async (request, reply) => {
      const { companyId } = authOf(request);
      await deleteContact(app.deps.db, companyId, request.params.id);
      emit(companyId, { action: "delete", contactId: request.params.id });
      return reply.status(204).send();
    },
  );

  app.post("/contacts/upload", { config: { multipart: true } }, async (request, reply) => {
    const upload = await readUpload(request);
    const started = await startContactImport(app.deps, authOf(request), upload);
    return reply.status(202).send({ import: started });
  });

  app.get("/contacts/imports/:id", { schema: { params: idParamsSchema }, config: { params: { id: { resource: "contactImports" } } } }, async (request) =>
    getContactImport(app.deps.db, authOf(request).companyId, request.params.id),
  );

  app.post("/contacts/import", async (request) => importPhoneContacts(app.deps, authOf(request)));
}
