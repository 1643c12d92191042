import { Box, Checkbox, Chip, Stack, Tooltip, Typography } from "@mui/material";
import AccessTime from "@mui/icons-material/AccessTime";
import Block from "@mui/icons-material/Block";
import ErrorOutline from "@mui/icons-material/ErrorOutlineOutlined";
import Forward from "@mui/icons-material/Forward";
import SmartToy from "@mui/icons-material/SmartToyOutlined";
import { format, parseISO } from "date-fns";
import { useTranslation } from "react-i18next";
import { withoutSignatureOf, type MessageView } from "@atendo/shared";
import { AckIcon } from "../../components/AckIcon.js";
import { bodyIsCaption, messageKind, ownReaction, type ReactionBadge } from "../conversation/message-content.js";
import { MessageBody } from "../conversation/MessageBody.js";
import { MessageMedia } from "../conversation/MessageMedia.js";
import { MessageMenu, messageActions, type MessageActionHandlers } from "../conversation/MessageMenu.js";

export interface MessageItemProps {
  message: MessageView;
  /** Reactions shown on this message (reaction messages are not rows of their own). */
  reactions?: ReactionBadge[];
  /** The message menu's handlers; without them the message is read-only (the spy dialog). */
  handlers?: MessageActionHandlers;
  /** Forward selection mode: a checkbox per message. */
  selecting?: boolean;
  selected?: boolean;
  onToggleSelected?: (message: MessageView) => void;
  /** A click on the quoted block: the list scrolls to the quoted message when it is loaded. */
  onQuotedClick?: (quotedId: number) => void;
  highlighted?: boolean;
}

function QuotedBlock({ message, onClick }: { message: MessageView; onClick?: (id: number) => void }) {
  const { t } = useTranslation();
  const quoted = message.quotedMsg;
  if (!quoted) return null;
  const author = quoted.fromMe ? t("conversation.quoted.you") : (quoted.contact?.name ?? t("conversation.quoted.contact"));
  const text = quoted.body.trim() || t(`conversation.kind.${messageKind(quoted)}`);
  return (
    <Box
      role="button"
      tabIndex={0}
      onClick={() => onClick?.(quoted.id)}
      onKeyDown={(event) => {
        if (event.key === "Enter") onClick?.(quoted.id);
      }}
      data-testid={`message-quoted-${message.id}`}
      data-quoted-id={quoted.id}
      sx={{ borderLeft: 4, borderColor: quoted.fromMe ? "success.main" : "primary.main", bgcolor: "action.hover", borderRadius: 1, px: 1, py: 0.5, mb: 0.5, cursor: "pointer" }}
    >
      <Typography variant="caption" sx={{ display: "block", fontWeight: 600, color: quoted.fromMe ? "success.main" : "primary.main" }}>
        {author}
      </Typography>
      <Typography variant="caption" sx={{ display: "-webkit-box", WebkitLineClamp: 3, WebkitBoxOrient: "vertical", overflow: "hidden", whiteSpace: "pre-wrap", wordBreak: "break-word" }}>
        {text}
      </Typography>
    </Box>
  );
}

function Reactions({ message, reactions }: { message: MessageView; reactions: ReactionBadge[] }) {
  const counts = new Map<string, ReactionBadge[]>();
  for (const reaction of reactions) counts.set(reaction.emoji, [...(counts.get(reaction.emoji) ?? []), reaction]);
  return (
    <Stack direction="row" spacing={0.5} data-testid={`message-reactions-${message.id}`} sx={{ mt: -0.5, mb: 0.5, justifyContent: message.fromMe ? "flex-end" : "flex-start", px: 1 }}>
      {[...counts.entries()].map(([emoji, who]) => (
        <Tooltip key={emoji} title={who.map((reaction) => reaction.name ?? "").filter(Boolean).join(", ")}>
          <Box
            component="span"
            data-testid="message-reaction"
            data-emoji={emoji}
            data-mine={String(who.some((reaction) => reaction.fromMe))}
            sx={{ bgcolor: "background.paper", boxShadow: 1, borderRadius: 3, px: 0.75, fontSize: 14, lineHeight: "22px" }}
          >
            {emoji}
            {who.length > 1 ? ` ${who.length}` : ""}
          </Box>
        </Tooltip>
      ))}
    </Stack>
  );
}

/**
 * sendError is an error code from the outbox (ERR_SENDING_WAPP_MSG…), translated when we know it, or the Cloud API's
 * "code: title" (e.g. "131047: Re-engagement message"), shown as Meta wrote it.
 */
function useSendErrorText(message: MessageView): string {
  const { t, i18n } = useTranslation();
  const code = message.sendError;
  if (code && i18n.exists(`errors.${code}`)) return t(`errors.${code}`);
  return code ?? t("conversation.status.failed");
}

/**
 * One message of the conversation: its media (every type of core-service section 3), quoted message, text as the
 * limited markup, edited and deleted states, the ack or the outbox state, its reactions, and its menu.
 */
export function MessageItem({ message, reactions = [], handlers, selecting = false, selected = false, onToggleSelected, onQuotedClick, highlighted = false }: MessageItemProps) {
  const { t } = useTranslation();
  const failedText = useSendErrorText(message);
  const actions = handlers ? messageActions(message, handlers.meId, handlers.capabilities) : null;
  const hasMenu = !selecting && actions !== null && Object.values(actions).some(Boolean);
  const showBody = !message.isDeleted && bodyIsCaption(message) && message.body.trim() !== "";
  const author = message.fromMe && !message.automatic ? (message.user?.name ?? null) : null;
  // The author's name is shown above the text: a signature line of the same name would say it twice.
  const shownBody = author ? withoutSignatureOf(message.body, author) : message.body;
  const selectable = selecting && !message.isDeleted;
  return (
    <Box
      data-testid={`message-${message.id}`}
      data-from-me={String(message.fromMe)}
      data-ack={message.ack}
      data-send-status={message.sendStatus}
      data-deleted={String(message.isDeleted)}
      data-edited={String(message.isEdited)}
      data-automatic={String(message.automatic)}
      data-highlighted={highlighted ? "true" : undefined}
      onClick={selectable ? () => onToggleSelected?.(message) : undefined}
      sx={{
        display: "flex",
        alignItems: "center",
        justifyContent: message.fromMe ? "flex-end" : "flex-start",
        px: 2,
        py: 0.25,
        cursor: selectable ? "pointer" : undefined,
        bgcolor: highlighted ? "action.selected" : selected ? "action.focus" : undefined,
        transition: "background-color 0.3s",
      }}
    >
      {selecting && (
        <Checkbox
          size="small"
          checked={selected}
          disabled={!selectable}
          onClick={(event) => event.stopPropagation()}
          onChange={() => onToggleSelected?.(message)}
          slotProps={{ input: { "aria-label": t("conversation.forward.select"), "data-testid": `message-select-${message.id}` } as object }}
          sx={{ order: message.fromMe ? 0 : 2, mx: 0.5 }}
        />
      )}
      <Box sx={{ maxWidth: "75%", minWidth: 0, order: 1 }}>
        <Box
          sx={(theme) => ({
            position: "relative",
            px: 1.5,
            pt: 0.75,
            pb: 0.5,
            borderRadius: 2,
            boxShadow: 1,
            minWidth: 96,
            bgcolor: message.automatic
              ? theme.palette.mode === "dark"
                ? "#2c3e50"
                : "#e8eaf6"
              : message.fromMe
                ? theme.palette.mode === "dark"
                  ? "#005c4b"
                  : "#dcf8c6"
                : "background.paper",
            border: message.sendStatus === "failed" ? 1 : 0,
            borderColor: "error.main",
            "& .message-menu-button": { opacity: 0, transition: "opacity 0.15s" },
            "&:hover .message-menu-button, &:focus-within .message-menu-button": { opacity: 1 },
            // Touch screens have no hover: the menu stays visible there.
            "@media (hover: none)": { "& .message-menu-button": { opacity: 1 } },
          })}
        >
          {hasMenu && handlers && (
            <Box sx={{ position: "absolute", top: 2, right: 2, zIndex: 1 }}>
              <MessageMenu message={message} ownReaction={ownReaction(reactions)} handlers={handlers} />
            </Box>
          )}
          {(message.automatic || message.isForwarded) && (
            <Stack direction="row" spacing={0.5} sx={{ mb: 0.25, pr: 3 }}>
              {message.automatic && (
                <Chip size="small" variant="outlined" icon={<SmartToy />} label={t("conversation.automatic")} data-testid="message-automatic" sx={{ height: 20, fontSize: 11 }} />
              )}
              {message.isForwarded && (
                <Typography variant="caption" sx={{ display: "inline-flex", alignItems: "center", gap: 0.25, color: "text.secondary", fontStyle: "italic" }} data-testid="message-forwarded">
                  <Forward sx={{ fontSize: 14 }} />
                  {t("conversation.forwarded")}
                </Typography>
              )}
            </Stack>
          )}
          {!message.fromMe && message.contact?.name && (
            <Typography variant="caption" sx={{ display: "block", fontWeight: 600, color: "primary.main", pr: 3 }}>
              {message.contact.name}
            </Typography>
          )}
          {author && (
            <Typography variant="caption" sx={{ display: "block", fontWeight: 600, color: "text.secondary", pr: 3 }} data-testid="message-author">
              {author}
            </Typography>
          )}
          {message.isDeleted ? (
            <>
              <Typography variant="body2" sx={{ fontStyle: "italic", color: "text.secondary", display: "flex", alignItems: "center", gap: 0.5, pr: 3 }} data-testid="message-deleted">
                <Block sx={{ fontSize: 16 }} />
                {t("conversation.deleted")}
              </Typography>
              {bodyIsCaption(message) && message.body.trim() !== "" && (
                <MessageBody text={message.body} testId="message-deleted-body" sx={{ textDecoration: "line-through", color: "text.secondary" }} />
              )}
            </>
          ) : (
            <>
              <QuotedBlock message={message} onClick={onQuotedClick} />
              <MessageMedia message={message} />
              {showBody && <MessageBody text={shownBody} sx={{ pr: hasMenu && messageKind(message) === "text" ? 2.5 : 0 }} />}
              {!showBody && messageKind(message) === "text" && typeof message.data.unsupported === "string" && (
                <Typography variant="body2" sx={{ fontStyle: "italic", color: "text.secondary", pr: 3 }} data-testid="message-unsupported">
                  {t("conversation.unsupported")}
                </Typography>
              )}
            </>
          )}
          <Box sx={{ display: "flex", alignItems: "center", justifyContent: "flex-end", gap: 0.5, mt: 0.25 }}>
            {message.isEdited && !message.isDeleted && (
              <Typography variant="caption" sx={{ color: "text.secondary", fontStyle: "italic" }} data-testid="message-edited">
                {t("conversation.edited")}
              </Typography>
            )}
            <Typography variant="caption" sx={{ color: "text.secondary" }}>
              {format(parseISO(message.createdAt), "HH:mm")}
            </Typography>
            {message.sendStatus === "queued" && (
              <Box component="span" title={t("conversation.status.queued")} aria-label={t("conversation.status.queued")} data-testid="message-queued" sx={{ display: "inline-flex", color: "text.secondary" }}>
                <AccessTime sx={{ fontSize: 16 }} />
              </Box>
            )}
            {message.fromMe && message.sendStatus !== "queued" && message.sendStatus !== "failed" && <AckIcon ack={message.ack} />}
          </Box>
          {message.sendStatus === "failed" && (
            <Box component="div" data-testid="message-failed" sx={{ display: "flex", alignItems: "center", gap: 0.5, color: "error.main", mt: 0.25 }}>
              <ErrorOutline sx={{ fontSize: 16 }} />
              <Typography variant="caption">{failedText}</Typography>
            </Box>
          )}
        </Box>
        {reactions.length > 0 && <Reactions message={message} reactions={reactions} />}
      </Box>
    </Box>
  );
}
