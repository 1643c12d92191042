import type { KeyboardCoordinateGetter } from "@dnd-kit/core";

/**
 * Keyboard dragging between lanes: ArrowRight / ArrowLeft put the lifted card over the centre of the next lane on
 * that side (dnd-kit's default moves 25 px a press, many presses per lane). Other keys do not move it.
 */
export const laneKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const { collisionRect, droppableRects, droppableContainers } = context;
  if (!collisionRect || (event.code !== "ArrowRight" && event.code !== "ArrowLeft")) return undefined;
  event.preventDefault();
  const centre = collisionRect.left + collisionRect.width / 2;
  const right = event.code === "ArrowRight";
  let best: { left: number; width: number } | null = null;
  for (const container of droppableContainers.getEnabled()) {
    const rect = droppableRects.get(container.id);
    if (!rect) continue;
    const laneCentre = rect.left + rect.width / 2;
    const ahead = right ? laneCentre > centre + 1 : laneCentre < centre - 1;
    if (!ahead) continue;
    if (!best || (right ? rect.left < best.left : rect.left > best.left)) best = rect;
  }
  if (!best) return currentCoordinates;
  return { x: best.left + (best.width - collisionRect.width) / 2, y: currentCoordinates.y };
};
