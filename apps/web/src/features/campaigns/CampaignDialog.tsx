import { useEffect, useState } from "react";
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  Tab,
  Tabs,
  TextField,
} from "@mui/material";
import { useTranslation } from "react-i18next";
import axios from "axios";
import { CAMPAIGN_VARIANTS, type CampaignInput, type CampaignView, type FieldError } from "@atendo/shared";
import { toastError, toastSuccess } from "../errors/toast.js";
import { MediaAttachment } from "../../components/MediaAttachment.js";
import { useConnections } from "../connections/api.js";
import { useCampaignAction, useCampaignOptions, useCampaignSettings, useSaveCampaign } from "./api.js";
import { campaignEditability, toLocalInput } from "./campaign-status.js";
import { NO_TEMPLATE, TemplateChoiceFields, type TemplateChoice } from "./TemplateChoiceFields.js";

type Variant = (typeof CAMPAIGN_VARIANTS)[number];
type Texts = Record<`message${Variant}` | `confirmationMessage${Variant}`, string>;

interface FormState extends Texts, TemplateChoice {
  name: string;
  confirmation: boolean;
  contactListId: string;
  tagListId: string;
  whatsappId: string;
  fileListId: string;
  scheduledAt: string;
}

const NONE = "";
const TAG_NONE = "Nenhuma";

function initialState(campaign?: CampaignView): FormState {
  const texts = {} as Texts;
  for (const n of CAMPAIGN_VARIANTS) {
    texts[`message${n}`] = campaign?.[`message${n}`] ?? "";
    texts[`confirmationMessage${n}`] = campaign?.[`confirmationMessage${n}`] ?? "";
  }
  return {
    ...texts,
    name: campaign?.name ?? "",
    // Dialog defaults (administration section 4): confirmation off, tag 'Nenhuma'.
    confirmation: campaign?.confirmation ?? false,
    contactListId: campaign?.contactListId ? String(campaign.contactListId) : NONE,
    tagListId: campaign?.tagListId ? String(campaign.tagListId) : TAG_NONE,
    whatsappId: campaign?.whatsappId ? String(campaign.whatsappId) : NONE,
    fileListId: campaign?.fileListId ? String(campaign.fileListId) : NONE,
    scheduledAt: toLocalInput(campaign?.scheduledAt ?? null),
    templateName: campaign?.templateName ?? NO_TEMPLATE.templateName,
    templateLanguage: campaign?.templateLanguage ?? NO_TEMPLATE.templateLanguage,
    templateVariables: campaign?.templateVariables ?? NO_TEMPLATE.templateVariables,
  };
}

/**
 * Empty values are sent as null (administration section 5); the schedule as an instant with seconds; the template
 * only for a Cloud API connection (`cloud`), so one picked before switching connections is not kept.
 */
function inputOf(state: FormState, cloud: boolean): CampaignInput {
  const id = (value: string) => (value === NONE || value === TAG_NONE ? null : Number(value));
  const texts = Object.fromEntries(
    CAMPAIGN_VARIANTS.flatMap((n) => [
      [`message${n}`, state[`message${n}`].trim() ? state[`message${n}`] : null],
      [`confirmationMessage${n}`, state[`confirmationMessage${n}`].trim() ? state[`confirmationMessage${n}`] : null],
    ]),
  );
  return {
    ...texts,
    name: state.name,
    confirmation: state.confirmation,
    contactListId: id(state.contactListId),
    tagListId: id(state.tagListId),
    whatsappId: id(state.whatsappId),
    fileListId: id(state.fileListId),
    scheduledAt: state.scheduledAt ? new Date(state.scheduledAt).toISOString() : null,
    templateName: cloud && state.templateName ? state.templateName : null,
    templateLanguage: cloud && state.templateName ? state.templateLanguage : null,
    templateVariables: cloud && state.templateName ? state.templateVariables : [],
  };
}

function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!axios.isAxiosError(error)) return {};
  const fields = (error.response?.data as { fields?: FieldError[] } | undefined)?.fields ?? [];
  return Object.fromEntries(fields.map((f) => [f.path.replace(/^body\./, ""), f.message]));
}

interface Props {
  open: boolean;
  campaign?: CampaignView;
  onClose: () => void;
}

/**
 * The campaign dialog (administration sections 2 to 5): name, confirmation, contact list, tag, connection, schedule,
 * file list, a tab per message variant (with its confirmation variant when confirmation is on) and the file.
 * Read-only unless editable (INATIVA, or PROGRAMADA more than an hour ahead); CANCELADA still takes text edits.
 * Cancel and restart buttons for running and cancelled campaigns.
 */
export function CampaignDialog({ open, campaign, onClose }: Props) {
  const { t } = useTranslation();
  const save = useSaveCampaign();
  const cancel = useCampaignAction("cancel");
  const restart = useCampaignAction("restart");
  const connections = useConnections(open);
  const options = useCampaignOptions(open);
  const [state, setState] = useState<FormState>(() => initialState(campaign));
  const [tab, setTab] = useState<Variant>(1);
  const [media, setMedia] = useState<File | "remove" | undefined>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const editable = campaignEditability(campaign);
  const locked = editable !== "all";
  const textsLocked = editable === "none";
  // The connection the campaign sends through: the chosen one, else the company's default.
  const connection = (connections.data ?? []).find((c) => (state.whatsappId === NONE ? c.isDefault : String(c.id) === state.whatsappId));
  const cloud = connection?.provider === "cloudapi";
  // Only a template's variables use the company's own variables; the page of settings is not asked otherwise.
  const settings = useCampaignSettings(open && cloud);
  const tokens = ["{nome}", "{numero}", "{email}", ...(settings.data?.variables ?? []).map((v) => `{${v.key}}`)];

  useEffect(() => {
    if (!open) return;
    setState(initialState(campaign));
    setMedia(undefined);
    setErrors({});
    setTab(1);
  }, [open, campaign]);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setState((current) => ({ ...current, [key]: value }));
  const message = (key: string) => (errors[key] ? t(errors[key]) : undefined);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const name = state.name.trim();
    if (name.length < 2 || name.length > 50) {
      setErrors({ name: name.length === 0 ? "validation.required" : name.length < 2 ? "validation.tooShort" : "validation.tooLong" });
      return;
    }
    try {
      const { mediaError } = await save.mutateAsync({ id: campaign?.id, input: inputOf(state, cloud), media: locked ? undefined : media });
      toastSuccess(t("campaigns.saved"), { admin: true });
      if (mediaError) toastError(mediaError);
      onClose();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      if (Object.keys(fields).length === 0) toastError(error);
    }
  };

  const act = (mutation: typeof cancel, done: string) => {
    if (!campaign) return;
    mutation.mutate(campaign.id, { onSuccess: () => { toastSuccess(t(done), { admin: true }); onClose(); } });
  };

  const mediaName = media instanceof File ? media.name : media === "remove" ? null : (campaign?.mediaName ?? null);
  const select = (key: "contactListId" | "tagListId" | "whatsappId" | "fileListId", label: string, items: { id: number; name: string }[], none: string, noneLabel: string) => (
    <TextField
      select
      fullWidth
      label={label}
      value={state[key]}
      disabled={locked}
      onChange={(event) => set(key, event.target.value)}
      error={Boolean(errors[key])}
      helperText={message(key)}
      data-testid={`campaign-${key}`}
    >
      <MenuItem value={none}>{noneLabel}</MenuItem>
      {items.map((item) => (
        <MenuItem key={item.id} value={String(item.id)} data-testid={`campaign-${key}-option-${item.id}`}>
          {item.name}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" data-testid="campaign-dialog">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle>{campaign ? (locked ? t("campaigns.view") : t("campaigns.edit")) : t("campaigns.add")}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              <TextField
                fullWidth
                label={t("campaigns.name")}
                value={state.name}
                disabled={locked}
                onChange={(event) => set("name", event.target.value)}
                error={Boolean(errors.name)}
                helperText={message("name")}
                slotProps={{ htmlInput: { "data-testid": "campaign-name" } }}
              />
              <TextField
                select
                fullWidth
                label={t("campaigns.confirmation")}
                value={state.confirmation ? "yes" : "no"}
                disabled={locked}
                onChange={(event) => set("confirmation", event.target.value === "yes")}
                data-testid="campaign-confirmation"
              >
                <MenuItem value="no">{t("campaigns.no")}</MenuItem>
                <MenuItem value="yes" data-testid="campaign-confirmation-yes">{t("campaigns.yes")}</MenuItem>
              </TextField>
            </Stack>
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              {select("contactListId", t("campaigns.contactList"), options.lists, NONE, t("campaigns.none"))}
              {select("tagListId", t("campaigns.tag"), options.tags, TAG_NONE, t("campaigns.none"))}
            </Stack>
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              {select("whatsappId", t("campaigns.connection"), (connections.data ?? []).map((c) => ({ id: c.id, name: c.name })), NONE, t("campaigns.defaultConnection"))}
              {select("fileListId", t("campaigns.fileList"), options.files, NONE, t("campaigns.none"))}
            </Stack>
            <TextField
              type="datetime-local"
              label={t("campaigns.scheduledAt")}
              value={state.scheduledAt}
              disabled={locked}
              onChange={(event) => set("scheduledAt", event.target.value)}
              error={Boolean(errors.scheduledAt)}
              helperText={message("scheduledAt") ?? t("campaigns.scheduledAtHelp")}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1, "data-testid": "campaign-scheduledAt" } }}
            />
            {cloud && connection && (
              <TemplateChoiceFields
                whatsappId={connection.id}
                value={state}
                onChange={(choice) => setState((current) => ({ ...current, ...choice }))}
                tokens={tokens}
                disabled={locked}
                error={errors.templateName ?? errors.templateVariables ?? errors.templateLanguage}
                testId="campaign-template"
              />
            )}
            <MediaAttachment name={mediaName} onPick={(file) => setMedia(file)} onRemove={() => setMedia("remove")} disabled={locked} testId="campaign-media" />
            <Box>
              <Tabs value={tab} onChange={(_, value: Variant) => setTab(value)} variant="scrollable">
                {CAMPAIGN_VARIANTS.map((n) => (
                  <Tab key={n} value={n} label={t("campaigns.messageTab", { n })} data-testid={`campaign-tab-${n}`} />
                ))}
              </Tabs>
              <Stack spacing={2} sx={{ pt: 2 }}>
                <TextField
                  multiline
                  minRows={3}
                  label={t("campaigns.message", { n: tab })}
                  value={state[`message${tab}`]}
                  disabled={textsLocked}
                  onChange={(event) => set(`message${tab}`, event.target.value)}
                  error={Boolean(errors[`message${tab}`])}
                  helperText={message(`message${tab}`) ?? t("campaigns.variablesHelp")}
                  slotProps={{ htmlInput: { "data-testid": `campaign-message${tab}` } }}
                />
                {state.confirmation && (
                  <TextField
                    multiline
                    minRows={2}
                    label={t("campaigns.confirmationMessage", { n: tab })}
                    value={state[`confirmationMessage${tab}`]}
                    disabled={textsLocked}
                    onChange={(event) => set(`confirmationMessage${tab}`, event.target.value)}
                    error={Boolean(errors[`confirmationMessage${tab}`])}
                    helperText={message(`confirmationMessage${tab}`)}
                    slotProps={{ htmlInput: { "data-testid": `campaign-confirmationMessage${tab}` } }}
                  />
                )}
              </Stack>
            </Box>
          </Stack>
        </DialogContent>
        <DialogActions>
          {campaign?.status === "EM_ANDAMENTO" && (
            <Button color="warning" onClick={() => act(cancel, "campaigns.cancelled")} data-testid="campaign-cancel">
              {t("campaigns.cancelCampaign")}
            </Button>
          )}
          {campaign?.status === "CANCELADA" && (
            <Button color="primary" onClick={() => act(restart, "campaigns.restarted")} data-testid="campaign-restart">
              {t("campaigns.restart")}
            </Button>
          )}
          <Button onClick={onClose}>{t("common.close")}</Button>
          {!textsLocked && (
            <Button type="submit" variant="contained" disabled={save.isPending} data-testid="campaign-save">
              {t("common.save")}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
