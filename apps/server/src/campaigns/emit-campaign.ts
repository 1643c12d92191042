import { companyEvent, type CampaignEventPayload } from "@atendo/shared";
import type { AppDeps } from "../app-deps.js";
import { AppError } from "../errors.js";
import { loadCampaignView } from "./load-campaign-views.js";

type Deps = Pick<AppDeps, "db" | "realtime">;

/** After commit: the campaign as it is now (status and figures) to the company (event `campaign`). */
export async function emitCampaign(deps: Deps, companyId: number, campaignId: number, action: "create" | "update" = "update"): Promise<void> {
  try {
    const record = await loadCampaignView(deps.db, companyId, campaignId);
    const payload: CampaignEventPayload = { action, record };
    deps.realtime.toCompany(companyId, companyEvent.campaign(companyId), payload);
  } catch (err) {
    // Deleted meanwhile: its delete event says so.
    if (!(err instanceof AppError && err.statusCode === 404)) throw err;
  }
}

export function emitCampaignDeleted(deps: Pick<AppDeps, "realtime">, companyId: number, id: number): void {
  const payload: CampaignEventPayload = { action: "delete", id };
  deps.realtime.toCompany(companyId, companyEvent.campaign(companyId), payload);
}

const PROGRESS_EMIT_MS = 300;
const pendingByRealtime = new WeakMap<object, Map<number, { timer: NodeJS.Timeout; companyId: number }>>();

/**
 * Progress while sending: at most one event per campaign every 300 ms from this process (a 1,000-contact campaign
 * at interval 0 would otherwise send 1,000 reports), the last one always sent.
 */
export function emitCampaignProgress(deps: Deps, companyId: number, campaignId: number): void {
  let pending = pendingByRealtime.get(deps.realtime);
  if (!pending) pendingByRealtime.set(deps.realtime, (pending = new Map()));
  if (pending.has(campaignId)) return;
  const timer = setTimeout(() => {
    pending.delete(campaignId);
    emitCampaign(deps, companyId, campaignId).catch(() => undefined);
  }, PROGRESS_EMIT_MS);
  timer.unref();
  pending.set(campaignId, { timer, companyId });
}
