import { campaignListQuerySchema, campaignSchema, campaignSettingsSchema, idParamsSchema } from "@atendo/shared";
import type { App } from "../http/types.js";
import { authOf } from "../http/authenticate.js";
import { readUpload } from "../storage/read-upload.js";
import { AppError } from "../errors.js";
import { attachCampaignMedia, removeCampaignMedia } from "./attach-campaign-media.js";
import { cancelCampaign } from "./cancel-campaign.js";
import { readCampaignSettings, saveCampaignSettings, settingRecordsOf } from "./campaign-settings.js";
import { createCampaign } from "./create-campaign.js";
import { deleteCampaign } from "./delete-campaign.js";
import { emitCampaign, emitCampaignDeleted } from "./emit-campaign.js";
import { findCampaign } from "./find-campaign.js";
import { listCampaigns } from "./list-campaigns.js";
import { loadCampaignView } from "./load-campaign-views.js";
import { restartCampaign } from "./restart-campaign.js";
import { updateCampaign, editabilityOf } from "./update-campaign.js";

/**
 * Campaigns and their settings (administration sections 2 to 7). Every route needs the plan flag useCampaigns
 * (`campaigns:use`, 403 ERR_PLAN_FEATURE_DISABLED without it); events `company-{id}-campaign` `{ action, record }`.
 */
export async function campaignsRoutes(app: App): Promise<void> {
  const permission = "campaigns:use" as const;
  const params = { id: { resource: "campaigns" as const } };
  const { db, storage } = app.deps;
  const example = { body: { name: "Walk campaign", message1: "Olá {nome}!" } };

  // Also answers /campaigns/ (trailing slashes are ignored).
  app.get("/campaigns", { schema: { querystring: campaignListQuerySchema }, config: { permission } }, async (request) =>
    listCampaigns(db, authOf(request).companyId, request.query),
  );

  app.get("/campaigns/:id", { schema: { params: idParamsSchema }, config: { permission, params } }, async (request) =>
    loadCampaignView(db, authOf(request).companyId, request.params.id),
  );

  app.post("/campaigns", { schema: { body: campaignSchema }, config: { permission, example } }, async (request, reply) => {
    const { companyId } = authOf(request);
    const row = await createCampaign(app.deps, companyId, request.body);
    const record = await loadCampaignView(db, companyId, row.id);
    await emitCampaign(app.deps, companyId, row.id, "create");
    return reply.status(201).send(record);
  });

  app.put(
    "/campaigns/:id",
    { schema: { params: idParamsSchema, body: campaignSchema }, config: { permission, params, example } },
    async (request) => {
      const { companyId } = authOf(request);
      await updateCampaign(app.deps, companyId, request.params.id, request.body);
      await emitCampaign(app.deps, companyId, request.params.id);
      return loadCampaignView(db, companyId, request.params.id);
    },
  );

  app.delete("/campaigns/:id", { schema: { params: idParamsSchema }, config: { permission, params } }, async (request, reply) => {
    const { companyId } = authOf(request);
    await deleteCampaign(db, storage, companyId, request.params.id);
    emitCampaignDeleted(app.deps, companyId, request.params.id);
    return reply.status(204).send();
  });

  app.post("/campaigns/:id/cancel", { schema: { params: idParamsSchema }, config: { permission, params } }, async (request) => {
    const { companyId } = authOf(request);
    await cancelCampaign(db, companyId, request.params.id);
    await emitCampaign(app.deps, companyId, request.params.id);
    return loadCampaignView(db, companyId, request.params.id);
  });

  app.post("/campaigns/:id/restart", { schema: { params: idParamsSchema }, config: { permission, params } }, async (request) => {
    const { companyId } = authOf(request);
    await restartCampaign(app.deps, companyId, request.params.id);
    await emitCampaign(app.deps, companyId, request.params.id);
    return loadCampaignView(db, companyId, request.params.id);
  });

  app.post(
    "/campaigns/:id/media-upload",
    { schema: { params: idParamsSchema }, config: { permission, params, multipart: true } },
    async (request) => {
      const { companyId } = authOf(request);
      // Refused before the upload is read: another company's id, a campaign no longer editable.
      const row = await findCampaign(db, companyId, request.params.id);
      if (editabilityOf(row) !== "all") throw new AppError("ERR_CAMPAIGN_NOT_EDITABLE", 409, { status: row.status });
      const upload = await readUpload(request);
      await attachCampaignMedia(db, storage, companyId, request.params.id, upload);
      await emitCampaign(app.deps, companyId, request.params.id);
      return loadCampaignView(db, companyId, request.params.id);
    },
  );

  app.delete("/campaigns/:id/media-upload", { schema: { params: idParamsSchema }, config: { permission, params } }, async (request) => {
    const { companyId } = authOf(request);
    await removeCampaignMedia(db, storage, companyId, request.params.id);
    await emitCampaign(app.deps, companyId, request.params.id);
    return loadCampaignView(db, companyId, request.params.id);
  });

  // Campaign settings (the /campaigns-config page): key/value records, defaults included.
  app.get("/campaign-settings", { config: { permission } }, async (request) =>
    settingRecordsOf(await readCampaignSettings(db, authOf(request).companyId)),
  );

  app.post(
    "/campaign-settings",
    { schema: { body: campaignSettingsSchema }, config: { permission, example: { body: { settings: { messageInterval: 5 } } } } },
    async (request) => settingRecordsOf(await saveCampaignSettings(db, authOf(request).companyId, request.body.settings)),
  );
}
