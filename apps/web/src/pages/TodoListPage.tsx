import { useState } from "react";
import { Box, Button, Checkbox, IconButton, List, ListItem, ListItemIcon, ListItemText, Paper, TextField } from "@mui/material";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import Edit from "@mui/icons-material/Edit";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../components/PageHeader.js";
import { EmptyState } from "../components/EmptyState.js";
import { formatShortDateTime } from "../lib/dates.js";
import { readTasks, storeTasks, type Task } from "../features/todolist/tasks.js";

/** To-do list (/todolist): tasks kept in this browser only (localStorage "tasks"), surviving a reload. */
export function TodoListPage() {
  const { t } = useTranslation();
  const [tasks, setTasks] = useState<Task[]>(readTasks);
  const [text, setText] = useState("");
  const [editing, setEditing] = useState<number | null>(null);

  const update = (next: Task[]) => {
    setTasks(next);
    storeTasks(next);
  };

  const submit = () => {
    const value = text.trim();
    if (!value) return;
    const now = new Date().toISOString();
    if (editing !== null) {
      update(tasks.map((task, i) => (i === editing ? { ...task, text: value, updatedAt: now } : task)));
      setEditing(null);
    } else {
      update([...tasks, { text: value, createdAt: now, updatedAt: now, done: false }]);
    }
    setText("");
  };

  const edit = (index: number) => {
    setEditing(index);
    setText(tasks[index]?.text ?? "");
  };

  const remove = (index: number) => {
    update(tasks.filter((_task, i) => i !== index));
    if (editing === index) {
      setEditing(null);
      setText("");
    } else if (editing !== null && editing > index) setEditing(editing - 1);
  };

  const toggle = (index: number) =>
    update(tasks.map((task, i) => (i === index ? { ...task, done: !task.done, updatedAt: new Date().toISOString() } : task)));

  return (
    <>
      <PageHeader title={t("todolist.title")} />
      <Box
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        sx={{ display: "flex", gap: 1, mb: 2 }}
      >
        <TextField
          fullWidth
          size="small"
          label={t("todolist.newTask")}
          value={text}
          onChange={(e) => setText(e.target.value)}
          slotProps={{ htmlInput: { "data-testid": "todo-input" } }}
        />
        <Button type="submit" variant="contained" disabled={!text.trim()} data-testid="todo-save">
          {editing !== null ? t("todolist.save") : t("todolist.add")}
        </Button>
        {editing !== null && (
          <Button
            onClick={() => {
              setEditing(null);
              setText("");
            }}
          >
            {t("common.cancel")}
          </Button>
        )}
      </Box>
      <Paper variant="outlined">
        {tasks.length === 0 ? (
          <EmptyState message={t("todolist.empty")} />
        ) : (
          <List data-testid="todo-list">
            {tasks.map((task, index) => (
              <ListItem
                key={`${task.createdAt}-${index}`}
                divider
                data-testid={`todo-item-${index}`}
                secondaryAction={
                  <>
                    <IconButton aria-label={t("common.edit")} onClick={() => edit(index)} data-testid={`todo-edit-${index}`}>
                      <Edit fontSize="small" />
                    </IconButton>
                    <IconButton aria-label={t("common.delete")} onClick={() => remove(index)} data-testid={`todo-delete-${index}`}>
                      <DeleteOutlined fontSize="small" />
                    </IconButton>
                  </>
                }
              >
                <ListItemIcon>
                  <Checkbox
                    edge="start"
                    checked={task.done}
                    onChange={() => toggle(index)}
                    slotProps={{ input: { "aria-label": t("todolist.done"), "data-testid": `todo-done-${index}` } as object }}
                  />
                </ListItemIcon>
                <ListItemText
                  primary={task.text}
                  secondary={t("todolist.times", { created: formatShortDateTime(task.createdAt), updated: formatShortDateTime(task.updatedAt) })}
                  slotProps={{ primary: { sx: { textDecoration: task.done ? "line-through" : "none" }, "data-testid": "todo-text" } as object }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
    </>
  );
}
