import type { CampaignData } from "@atendo/shared";

/** The variant texts of the form. */
export function campaignMessagesOf(input: CampaignData) {
  return {
    message1: input.message1,
    message2: input.message2,
    message3: input.message3,
    message4: input.message4,
    message5: input.message5,
    confirmationMessage1: input.confirmationMessage1,
    confirmationMessage2: input.confirmationMessage2,
    confirmationMessage3: input.confirmationMessage3,
    confirmationMessage4: input.confirmationMessage4,
    confirmationMessage5: input.confirmationMessage5,
  };
}

/** Every column the form writes (the status and the media are the server's). */
export function campaignColumnsOf(input: CampaignData) {
  return {
    name: input.name,
    ...campaignMessagesOf(input),
    confirmation: input.confirmation,
    scheduledAt: input.scheduledAt,
    whatsappId: input.whatsappId,
    contactListId: input.contactListId,
    tagListId: input.tagListId,
    fileListId: input.fileListId,
    // Written as one: no name, no language or variables.
    templateName: input.templateName,
    templateLanguage: input.templateName ? input.templateLanguage : null,
    templateVariables: input.templateName ? input.templateVariables : [],
  };
}
