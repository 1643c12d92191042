import { Avatar, Card, CardActions, CardContent, CardHeader, FormControlLabel, IconButton, Stack, Switch, Tooltip } from "@mui/material";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import Edit from "@mui/icons-material/Edit";
import Tune from "@mui/icons-material/Tune";
import { useTranslation } from "react-i18next";
import type { GroupContactView } from "@atendo/shared";

interface Props {
  group: GroupContactView;
  busy: boolean;
  onTranscription: (on: boolean) => void;
  onSummary: (on: boolean) => void;
  onConfigure: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** One group on the transcribe page: name, code, the transcription and summary switches, and its actions. */
export function GroupCard({ group, busy, onTranscription, onSummary, onConfigure, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  return (
    <Card variant="outlined" data-testid={`group-card-${group.id}`} sx={{ height: "100%", display: "flex", flexDirection: "column" }}>
      <CardHeader
        avatar={<Avatar src={group.profilePicUrl ?? undefined} alt={group.name} />}
        title={group.name}
        subheader={t("transcribe.code", { number: group.number })}
        slotProps={{ title: { "data-testid": "group-card-name" } as object }}
      />
      <CardContent sx={{ flexGrow: 1, py: 0 }}>
        <Stack>
          <FormControlLabel
            control={
              <Switch
                checked={group.activetranscribe}
                disabled={busy}
                onChange={(e) => onTranscription(e.target.checked)}
                slotProps={{ input: { "data-testid": `group-transcribe-${group.id}` } as object }}
              />
            }
            label={t("transcribe.transcription")}
          />
          <FormControlLabel
            control={
              <Switch
                checked={group.resumegroup}
                disabled={busy}
                onChange={(e) => onSummary(e.target.checked)}
                slotProps={{ input: { "data-testid": `group-summary-${group.id}` } as object }}
              />
            }
            label={t("transcribe.summary")}
          />
        </Stack>
      </CardContent>
      <CardActions sx={{ justifyContent: "flex-end" }}>
        <Tooltip title={t("transcribe.configure")}>
          <IconButton aria-label={t("transcribe.configure")} onClick={onConfigure} data-testid={`group-configure-${group.id}`}>
            <Tune />
          </IconButton>
        </Tooltip>
        <Tooltip title={t("transcribe.editContact")}>
          <IconButton aria-label={t("transcribe.editContact")} onClick={onEdit} data-testid={`group-edit-${group.id}`}>
            <Edit />
          </IconButton>
        </Tooltip>
        <Tooltip title={t("transcribe.delete")}>
          <IconButton aria-label={t("transcribe.delete")} onClick={onDelete} data-testid={`group-delete-${group.id}`}>
            <DeleteOutlined />
          </IconButton>
        </Tooltip>
      </CardActions>
    </Card>
  );
}
