import type { CampaignStats, CampaignView } from "@atendo/shared";
import type { CampaignRow } from "./find-campaign.js";

export interface CampaignExtras {
  whatsapp: { id: number; name: string } | null;
  contactList: { id: number; name: string } | null;
  stats: CampaignStats;
}

/** What leaves the server about a campaign (administration section 3) with its report figures. */
export function presentCampaign(row: CampaignRow, extras: CampaignExtras): CampaignView {
  return {
    id: row.id,
    name: row.name,
    message1: row.message1,
    message2: row.message2,
    message3: row.message3,
    message4: row.message4,
    message5: row.message5,
    confirmationMessage1: row.confirmationMessage1,
    confirmationMessage2: row.confirmationMessage2,
    confirmationMessage3: row.confirmationMessage3,
    confirmationMessage4: row.confirmationMessage4,
    confirmationMessage5: row.confirmationMessage5,
    status: row.status,
    confirmation: row.confirmation,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    whatsappId: row.whatsappId,
    whatsapp: extras.whatsapp,
    contactListId: row.contactListId,
    contactList: extras.contactList,
    tagListId: row.tagListId,
    fileListId: row.fileListId,
    mediaPath: row.mediaPath,
    mediaName: row.mediaName,
    templateName: row.templateName,
    templateLanguage: row.templateLanguage,
    templateVariables: row.templateVariables,
    companyId: row.companyId,
    stats: extras.stats,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
