import { lazy, Suspense, useState } from "react";
import { Box, CircularProgress, IconButton, Popover, Stack, Tooltip } from "@mui/material";
import Add from "@mui/icons-material/Add";
import { useTranslation } from "react-i18next";

/** The six quick reactions (core-service section 2), WhatsApp's own. */
export const QUICK_REACTIONS = ["👍", "❤️", "😂", "😮", "😢", "🙏"] as const;

const FullEmojiPicker = lazy(() => import("./FullEmojiPicker.js"));

interface Props {
  anchorEl: HTMLElement | null;
  /** Our current reaction on the message: choosing it again removes it. */
  current: string | null;
  onPick: (emoji: string) => void;
  onClose: () => void;
}

/** Six quick emojis and, behind "+", the full list (native emoji, bundled, searchable). */
export function ReactionPicker({ anchorEl, current, onPick, onClose }: Props) {
  const { t } = useTranslation();
  const [full, setFull] = useState(false);
  const pick = (emoji: string) => {
    onPick(emoji === current ? "" : emoji);
    setFull(false);
    onClose();
  };
  return (
    <Popover
      open={anchorEl !== null}
      anchorEl={anchorEl}
      onClose={() => {
        setFull(false);
        onClose();
      }}
      anchorOrigin={{ vertical: "top", horizontal: "center" }}
      transformOrigin={{ vertical: "bottom", horizontal: "center" }}
      slotProps={{ paper: { "data-testid": "reaction-picker" } as object }}
    >
      <Stack direction="row" spacing={0.25} sx={{ p: 0.5, alignItems: "center" }}>
        {QUICK_REACTIONS.map((emoji, index) => (
          <IconButton
            key={emoji}
            onClick={() => pick(emoji)}
            aria-label={emoji}
            aria-pressed={emoji === current}
            data-testid={`reaction-quick-${index}`}
            sx={{ fontSize: 22, width: 40, height: 40, bgcolor: emoji === current ? "action.selected" : undefined }}
          >
            {emoji}
          </IconButton>
        ))}
        <Tooltip title={t("conversation.react.more")}>
          <IconButton onClick={() => setFull((open) => !open)} aria-label={t("conversation.react.more")} data-testid="reaction-more">
            <Add />
          </IconButton>
        </Tooltip>
      </Stack>
      {full && (
        <Box data-testid="reaction-full-picker">
          <Suspense fallback={<CircularProgress size={24} sx={{ m: 2 }} />}>
            <FullEmojiPicker onPick={pick} />
          </Suspense>
        </Box>
      )}
    </Popover>
  );
}
