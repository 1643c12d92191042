import { eq } from "drizzle-orm";
import { OUTBOUND_MEDIA_MAX_BYTES } from "@atendo/shared";
import type { Db } from "../db/client.js";
import { campaigns } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import type { FileStorage } from "../storage/file-storage.js";
import { checkedUploadType } from "../storage/media-allowlist.js";
import type { Upload } from "../storage/read-upload.js";
import { AppError } from "../errors.js";
import { findCampaign, type CampaignRow } from "./find-campaign.js";
import { editabilityOf } from "./update-campaign.js";

/**
 * POST /campaigns/{id}/media-upload: the file sent with the campaign message (what an agent may attach, by its
 * bytes), replacing the previous one; only while the campaign is editable.
 */
export async function attachCampaignMedia(db: Db, storage: FileStorage, companyId: number, id: number, upload: Upload): Promise<CampaignRow> {
  if (upload.data.length > OUTBOUND_MEDIA_MAX_BYTES) throw new AppError("ERR_PAYLOAD_TOO_LARGE", 413, { maxBytes: OUTBOUND_MEDIA_MAX_BYTES });
  const mimetype = await checkedUploadType(upload.fileName, upload.mimetype, upload.data, "attachment");
  if (!mimetype) throw new AppError("ERR_INVALID_FILE_TYPE", 400);
  const stored = await storage.save(companyId, "campaigns", upload.fileName, upload.data);
  let previousPath: string | null = null;
  let row: CampaignRow;
  try {
    row = await db.transaction(async (tx) => {
      const previous = await findCampaign(tx, companyId, id, true);
      if (editabilityOf(previous) !== "all") throw new AppError("ERR_CAMPAIGN_NOT_EDITABLE", 409, { status: previous.status });
      previousPath = previous.mediaPath;
      const [updated] = await tx
        .update(campaigns)
        .set({ mediaPath: stored.path, mediaName: stored.name, mediaType: mimetype, updatedAt: new Date() })
        .where(inCompany(campaigns, companyId, eq(campaigns.id, id)))
        .returning();
      return updated!;
    });
  } catch (err) {
    await storage.remove(stored.path);
    throw err;
  }
  if (previousPath && previousPath !== stored.path) await storage.remove(previousPath);
  return row;
}

/** DELETE /campaigns/{id}/media-upload: the campaign goes without a file. */
export async function removeCampaignMedia(db: Db, storage: FileStorage, companyId: number, id: number): Promise<CampaignRow> {
  const { row, previousPath } = await db.transaction(async (tx) => {
    const previous = await findCampaign(tx, companyId, id, true);
    if (editabilityOf(previous) !== "all") throw new AppError("ERR_CAMPAIGN_NOT_EDITABLE", 409, { status: previous.status });
    const [updated] = await tx
      .update(campaigns)
      .set({ mediaPath: null, mediaName: null, mediaType: null, updatedAt: new Date() })
      .where(inCompany(campaigns, companyId, eq(campaigns.id, id)))
      .returning();
    return { row: updated!, previousPath: previous.mediaPath };
  });
  if (previousPath) await storage.remove(previousPath);
  return row;
}
