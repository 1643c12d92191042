import { useState } from "react";
import { Box, Chip, IconButton, Link, Menu, MenuItem, Paper, Stack, Tooltip, Typography } from "@mui/material";
import AddReactionOutlined from "@mui/icons-material/AddReactionOutlined";
import ContactPhone from "@mui/icons-material/ContactPhone";
import Description from "@mui/icons-material/Description";
import Image from "@mui/icons-material/Image";
import KeyboardVoice from "@mui/icons-material/KeyboardVoice";
import LocationOn from "@mui/icons-material/LocationOn";
import Movie from "@mui/icons-material/Movie";
import { format, isValid, parseISO } from "date-fns";
import { useTranslation } from "react-i18next";
import { AckIcon } from "../../components/AckIcon.js";
import { useMediaObjectUrl } from "./api.js";
import type { SimulatorMessage } from "./types.js";

/** The six quick reactions (core-service section 2: the reaction picker's quick emojis). */
export const QUICK_REACTIONS = ["👍", "❤️", "😂", "😮", "😢", "🙏"] as const;

interface Props {
  message: SimulatorMessage;
  /** In a group: a member's name for the author's number. */
  authorName?: (number: string) => string;
  onReact: (emoji: string) => void;
}

const str = (value: unknown): string | undefined => (typeof value === "string" && value ? value : undefined);
const num = (value: unknown): number | undefined => (typeof value === "number" ? value : typeof value === "string" && value !== "" && !Number.isNaN(Number(value)) ? Number(value) : undefined);

function timeOf(value: string): string {
  const date = parseISO(value);
  return isValid(date) ? format(date, "HH:mm") : "";
}

/**
 * One message of the simulator's chat. The person acting as the customer writes the "in" messages (right);
 * the agents' replies ("out") are on the left. Both carry their ack icon; edits, deletions and reactions show.
 */
export function MessageBubble({ message, authorName, onReact }: Props) {
  const { t } = useTranslation();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const mine = message.direction === "in";
  const content = message.content ?? {};
  const url = useMediaObjectUrl(message.mediaUrl ?? null);
  const caption = str(content.caption) ?? (message.type === "text" ? undefined : str(message.body));
  const fileName = str(content.fileName);

  const body = (() => {
    switch (message.type) {
      case "image":
      case "sticker":
        return (
          <Stack spacing={0.5}>
            {url ? (
              <Box component="img" src={url} alt={caption ?? t("simulator.types.image")} sx={{ maxWidth: 240, maxHeight: 240, borderRadius: 1 }} />
            ) : (
              <Label icon={<Image fontSize="small" />} text={fileName ?? t("simulator.types.image")} />
            )}
            {caption && <Typography variant="body2">{caption}</Typography>}
          </Stack>
        );
      case "audio":
        return (
          <Stack spacing={0.5}>
            <Label icon={<KeyboardVoice fontSize="small" />} text={content.voice ? t("simulator.types.voice") : fileName ?? t("simulator.types.audio")} />
            {url && <Box component="audio" controls src={url} sx={{ maxWidth: 260 }} />}
          </Stack>
        );
      case "video":
        return (
          <Stack spacing={0.5}>
            {url ? <Box component="video" controls src={url} sx={{ maxWidth: 260 }} /> : <Label icon={<Movie fontSize="small" />} text={fileName ?? t("simulator.types.video")} />}
            {caption && <Typography variant="body2">{caption}</Typography>}
          </Stack>
        );
      case "document":
        return (
          <Stack spacing={0.5}>
            <Label
              icon={<Description fontSize="small" />}
              text={
                url ? (
                  <Link href={url} target="_blank" rel="noreferrer">
                    {fileName ?? t("simulator.types.document")}
                  </Link>
                ) : (
                  fileName ?? t("simulator.types.document")
                )
              }
            />
            {caption && <Typography variant="body2">{caption}</Typography>}
          </Stack>
        );
      case "location": {
        const lat = num(content.latitude);
        const long = num(content.longitude);
        const where = lat !== undefined && long !== undefined ? `${lat}, ${long}` : message.body;
        return (
          <Label
            icon={<LocationOn fontSize="small" />}
            text={
              <>
                {str(content.name) && <strong>{str(content.name)} </strong>}
                {lat !== undefined && long !== undefined ? (
                  <Link href={`https://maps.google.com/?q=${lat},${long}`} target="_blank" rel="noreferrer">
                    {where}
                  </Link>
                ) : (
                  where
                )}
              </>
            }
          />
        );
      }
      case "contact":
      case "vcard":
        return <Label icon={<ContactPhone fontSize="small" />} text={str(content.displayName) ?? message.body ?? t("simulator.types.contact")} />;
      default:
        return (
          <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {message.body || str(content.description) || `[${message.type}]`}
          </Typography>
        );
    }
  })();

  return (
    <Box
      data-testid={`simulator-message-${message.messageId}`}
      data-ack={message.ack}
      data-direction={message.direction}
      data-deleted={message.deleted ? "true" : undefined}
      data-edited={message.edited ? "true" : undefined}
      sx={{ display: "flex", justifyContent: mine ? "flex-end" : "flex-start", px: 1 }}
    >
      <Box sx={{ maxWidth: "75%", display: "flex", flexDirection: mine ? "row-reverse" : "row", alignItems: "center", gap: 0.5 }}>
        <Paper
          elevation={0}
          sx={(theme) => ({
            px: 1.25,
            py: 0.75,
            borderRadius: 2,
            bgcolor: mine ? (theme.palette.mode === "dark" ? "#005c4b" : "#d9fdd3") : "background.paper",
            border: mine ? "none" : `1px solid ${theme.palette.divider}`,
          })}
        >
          {message.author && authorName && (
            <Typography variant="caption" sx={{ fontWeight: 600, color: "primary.main", display: "block" }}>
              {authorName(message.author)}
            </Typography>
          )}
          {message.deleted ? (
            <Typography variant="body2" sx={{ fontStyle: "italic", color: "text.secondary" }} data-testid="simulator-message-deleted">
              <Box component="span" sx={{ textDecoration: "line-through" }}>
                {message.body}
              </Box>{" "}
              {t("simulator.deleted")}
            </Typography>
          ) : (
            body
          )}
          <Box sx={{ display: "flex", justifyContent: "flex-end", alignItems: "center", gap: 0.5, mt: 0.25 }}>
            {message.edited && !message.deleted && (
              <Typography variant="caption" sx={{ color: "text.secondary", fontStyle: "italic" }} data-testid="simulator-message-edited">
                {t("simulator.edited")}
              </Typography>
            )}
            <Typography variant="caption" sx={{ color: "text.secondary" }}>
              {timeOf(message.createdAt)}
            </Typography>
            <AckIcon ack={message.ack} />
          </Box>
          {message.reactions?.length > 0 && (
            <Box sx={{ display: "flex", gap: 0.5, mt: 0.5, flexWrap: "wrap" }} data-testid="simulator-message-reactions">
              {message.reactions.map((r, i) => (
                <Tooltip key={`${r.from}-${i}`} title={r.from}>
                  <Chip size="small" label={r.emoji} variant="outlined" />
                </Tooltip>
              ))}
            </Box>
          )}
        </Paper>
        {!message.deleted && (
          <>
            <IconButton
              size="small"
              aria-label={t("simulator.react")}
              onClick={(e) => setMenu(e.currentTarget)}
              data-testid={`simulator-react-${message.messageId}`}
              sx={{ opacity: 0.6, "&:hover": { opacity: 1 } }}
            >
              <AddReactionOutlined fontSize="small" />
            </IconButton>
            <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)} slotProps={{ list: { sx: { display: "flex", py: 0 } } }}>
              {QUICK_REACTIONS.map((emoji, i) => (
                <MenuItem
                  key={emoji}
                  onClick={() => {
                    setMenu(null);
                    onReact(emoji);
                  }}
                  data-testid={`simulator-reaction-option-${i}`}
                  sx={{ fontSize: 20, px: 1 }}
                >
                  {emoji}
                </MenuItem>
              ))}
            </Menu>
          </>
        )}
      </Box>
    </Box>
  );
}

function Label({ icon, text }: { icon: React.ReactNode; text: React.ReactNode }) {
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 0.75 }}>
      {icon}
      <Typography variant="body2" component="span" sx={{ overflowWrap: "anywhere" }}>
        {text}
      </Typography>
    </Box>
  );
}
