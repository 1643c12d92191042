import { Box, Card, CardActions, CardContent, IconButton, Tooltip, Typography } from "@mui/material";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import Edit from "@mui/icons-material/Edit";
import { useTranslation } from "react-i18next";
import type { QueueView } from "@atendo/shared";

interface Props {
  queue: QueueView;
  onEdit: () => void;
  onDelete: () => void;
  /** The name of the queue's integration (or AI prompt), when it has one. */
  botName?: string | null;
}

/** One queue on the queues page: name, colour, order, greeting message, current integration. */
export function QueueCard({ queue, onEdit, onDelete, botName }: Props) {
  const { t } = useTranslation();
  const row = (label: string, value: string, testId: string) => (
    <Box sx={{ display: "flex", gap: 1, minWidth: 0 }}>
      <Typography variant="body2" sx={{ color: "text.secondary", flexShrink: 0 }}>
        {label}:
      </Typography>
      <Typography variant="body2" noWrap title={value} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
  return (
    <Card variant="outlined" data-testid={`queue-card-${queue.id}`} sx={{ display: "flex", flexDirection: "column", borderLeft: 6, borderLeftColor: queue.color }}>
      <CardContent sx={{ flexGrow: 1, display: "flex", flexDirection: "column", gap: 0.75 }}>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
          <Box sx={{ width: 14, height: 14, borderRadius: "50%", bgcolor: queue.color, flexShrink: 0 }} data-testid="queue-info-swatch" />
          <Typography variant="h6" component="h2" noWrap data-testid="queue-info-name">
            {queue.name}
          </Typography>
        </Box>
        {row(t("queues.color"), queue.color, "queue-info-color")}
        {row(t("queues.order"), queue.orderQueue === null ? "—" : String(queue.orderQueue), "queue-info-order")}
        {row(t("queues.greetingMessage"), queue.greetingMessage || "—", "queue-info-greeting")}
        {row(t("queues.integration"), botName || "—", "queue-info-integration")}
      </CardContent>
      <CardActions sx={{ justifyContent: "flex-end" }}>
        <Tooltip title={t("common.edit")}>
          <IconButton aria-label={t("common.edit")} onClick={onEdit} data-testid={`queue-edit-${queue.id}`}>
            <Edit fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={t("common.delete")}>
          <IconButton aria-label={t("common.delete")} onClick={onDelete} data-testid={`queue-delete-${queue.id}`}>
            <DeleteOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      </CardActions>
    </Card>
  );
}
