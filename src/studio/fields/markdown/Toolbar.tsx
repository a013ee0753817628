// The buttons above the text, in both editors: headings, bold, italic, lists, a quotation, a link
// and an image.
// Each names itself to a screen reader and shows its key in a tooltip. The formatting buttons do
// not take the focus from the editor, so the selection they act on stays where it was.
import { ActionIcon, Divider, Group, Tooltip } from '@mantine/core';
import {
  IconBold,
  IconH2,
  IconH3,
  IconItalic,
  IconLink,
  IconList,
  IconListNumbers,
  IconPhoto,
  IconQuote,
  type Icon,
} from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { formatKeys, keyLabel, type FormatAction } from './editor-commands.ts';

interface Button {
  name: string;
  icon: Icon;
  /** CodeMirror's name of the button's key. */
  shortcut?: string;
}

const groups: { action: FormatAction; name: string; icon: Icon }[][] = [
  [
    { action: 'heading', name: 'Heading', icon: IconH2 },
    { action: 'subheading', name: 'Subheading', icon: IconH3 },
  ],
  [
    { action: 'bold', name: 'Bold', icon: IconBold },
    { action: 'italic', name: 'Italic', icon: IconItalic },
  ],
  [
    { action: 'bullets', name: 'Bulleted list', icon: IconList },
    { action: 'numbers', name: 'Numbered list', icon: IconListNumbers },
    { action: 'quote', name: 'Quote', icon: IconQuote },
  ],
];

/** "Mod-Shift-8" as aria-keyshortcuts spells it: "Control+Shift+8". */
const ariaKeys = (key: string) => keyLabel(key).replace('Ctrl', 'Control').replace('⌘', 'Meta');

function ToolButton({
  name,
  icon: Icon,
  shortcut,
  onClick,
  keepFocus,
}: Button & {
  onClick: () => void;
  keepFocus?: boolean;
}) {
  return (
    <Tooltip label={shortcut ? `${name} (${keyLabel(shortcut)})` : name} openDelay={300} withArrow>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="md"
        aria-label={name}
        aria-keyshortcuts={shortcut ? ariaKeys(shortcut) : undefined}
        onMouseDown={keepFocus ? (event: MouseEvent) => event.preventDefault() : undefined}
        onClick={onClick}
      >
        <Icon size={18} stroke={1.75} />
      </ActionIcon>
    </Tooltip>
  );
}

export function Toolbar({
  onFormat,
  onLink,
  onImage,
}: {
  onFormat: (action: FormatAction) => void;
  onLink: () => void;
  onImage: () => void;
}) {
  return (
    <Group gap={2} role="group" aria-label="Formatting" wrap="wrap">
      {groups.map((group, i) => (
        <Group gap={2} key={i} wrap="nowrap">
          {i > 0 && <Divider orientation="vertical" mx={4} />}
          {group.map(({ action, name, icon }) => (
            <ToolButton
              key={action}
              name={name}
              icon={icon}
              shortcut={formatKeys[action]}
              keepFocus
              onClick={() => onFormat(action)}
            />
          ))}
        </Group>
      ))}
      <Divider orientation="vertical" mx={4} />
      <ToolButton name="Link" icon={IconLink} shortcut={formatKeys.link} onClick={onLink} />
      <ToolButton name="Image" icon={IconPhoto} onClick={onImage} />
    </Group>
  );
}
