import { useRef } from "react";
import { Box, Button, Chip } from "@mui/material";
import AttachFile from "@mui/icons-material/AttachFile";
import { useTranslation } from "react-i18next";

/** What the server takes as an attachment of queues and quick messages: images, audio, video, PDF. */
export const MEDIA_ACCEPT = "image/*,audio/*,video/*,application/pdf";

interface Props {
  /** The name shown: a newly chosen file's, else the stored attachment's, else nothing. */
  name: string | null;
  onPick: (file: File) => void;
  onRemove: () => void;
  disabled?: boolean;
  testId: string;
  /** The picker's file types; the server checks the file whatever is picked. */
  accept?: string;
}

/** Choose or remove one attachment; the dialog uploads it after saving its record. */
export function MediaAttachment({ name, onPick, onRemove, disabled, testId, accept = MEDIA_ACCEPT }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }} data-testid={testId}>
      <input
        ref={input}
        type="file"
        hidden
        accept={accept}
        data-testid={`${testId}-input`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onPick(file);
          event.target.value = "";
        }}
      />
      <Button startIcon={<AttachFile />} onClick={() => input.current?.click()} disabled={disabled} data-testid={`${testId}-pick`}>
        {t("common.attach")}
      </Button>
      {name && <Chip label={name} onDelete={disabled ? undefined : onRemove} data-testid={`${testId}-name`} />}
    </Box>
  );
}
