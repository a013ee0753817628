// Drag-and-drop reordering for any list of the studio (the page outline, lists in forms), with a
// handle per item that the mouse drags and the keyboard moves (Space, arrows, Space; Escape
// cancels), and what happens said in plain words to screen readers. Built on @dnd-kit.
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type Modifier,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { useRef, useState, type ReactNode } from 'react';

export interface SortableListProps {
  count: number;
  /** What an item is called in labels and announcements, e.g. "section 2 (faq)". */
  nameOf: (index: number) => string;
  /** Moves the item at `from` to `to` (the others shift). */
  onMove: (from: number, to: number) => void;
  /** Renders item `index`; `handle` is its drag handle, to place where it fits. */
  children: (index: number, handle: ReactNode) => ReactNode;
}

// Lists here only ever run top to bottom, so a dragged item follows the pointer vertically only.
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

const instructions = {
  draggable:
    'To move this item, press Space. Then press the up and down arrow keys to choose its new place, Space again to put it there, or Escape to leave it where it was.',
};

let nextId = 0;
const newIds = (count: number) => Array.from({ length: count }, () => `sortable-${nextId++}`);

export function SortableList({ count, nameOf, onMove, children }: SortableListProps) {
  // dnd-kit follows items by id. The ids travel with a dragged item, so the moved item keeps its
  // component (and its handle keeps the keyboard focus after a drop); added items get new ones.
  // The list follows `count` as it renders (React's way for state that follows a prop).
  const [kept, setIds] = useState(() => newIds(count));
  let ids = kept;
  if (kept.length !== count) {
    ids = kept.length > count ? kept.slice(0, count) : [...kept, ...newIds(count - kept.length)];
    setIds(ids);
  }
  const indexOf = (id: UniqueIdentifier) => ids.indexOf(String(id));
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  // What the announcements say is noted by the drag handlers, which dnd-kit calls before it
  // announces, and before the ids change on a drop.
  const drag = useRef({ name: '', from: 0, to: 0, moved: false });
  const place = (index: number) => `position ${index + 1} of ${count}`;
  const announcements: Announcements = {
    onDragStart: () => `Picked up ${drag.current.name}, in ${place(drag.current.from)}.`,
    // dnd-kit reports the item over its own place as soon as it is picked up: nothing to say yet.
    onDragOver: () => (drag.current.moved ? `${drag.current.name} moves to ${place(drag.current.to)}.` : undefined),
    onDragEnd: () => `Dropped ${drag.current.name} in ${place(drag.current.to)}.`,
    onDragCancel: () => `Moving cancelled. ${drag.current.name} stays in ${place(drag.current.from)}.`,
  };

  const onDragStart = ({ active }: DragStartEvent) => {
    const from = indexOf(active.id);
    drag.current = { name: nameOf(from), from, to: from, moved: false };
  };
  const onDragOver = ({ active, over }: DragOverEvent) => {
    if (!over) return;
    drag.current.to = indexOf(over.id);
    drag.current.moved ||= over.id !== active.id;
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const from = indexOf(active.id);
    const to = over ? indexOf(over.id) : from;
    drag.current.to = to;
    if (from < 0 || to < 0 || from === to) return;
    setIds(arrayMove(ids, from, to));
    onMove(from, to);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[verticalOnly]}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: instructions }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {ids.map((id, index) => (
          <SortableItem key={id} id={id} label={`Drag ${nameOf(index)} to reorder`}>
            {(handle) => children(index, handle)}
          </SortableItem>
        ))}
      </SortableContext>
    </DndContext>
  );
}

function SortableItem({
  id,
  label,
  children,
}: {
  id: string;
  label: string;
  children: (handle: ReactNode) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    attributes: { roleDescription: 'drag handle' },
  });
  const handle = (
    <ActionIcon
      ref={setActivatorNodeRef}
      variant="subtle"
      color="gray"
      size="sm"
      {...attributes}
      {...listeners}
      aria-label={label}
      style={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
    >
      <IconGripVertical size={14} aria-hidden="true" />
    </ActionIcon>
  );
  return (
    <div
      ref={setNodeRef}
      data-dragging={isDragging || undefined}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
        opacity: isDragging ? 0.85 : undefined,
      }}
    >
      {children(handle)}
    </div>
  );
}
