// The widths the preview shows the page at: a phone, a tablet, a desktop screen, or the pane's own
// width. The page is laid out at the chosen width in CSS pixels (its media queries see that width)
// and, when that is wider than the pane, drawn smaller to fit: the desktop layout, whole.
import { Group, SegmentedControl, Text } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import {
  IconArrowsHorizontal,
  IconDeviceDesktop,
  IconDeviceMobile,
  IconDeviceTablet,
  type Icon,
} from '@tabler/icons-react';

interface PreviewWidth {
  value: string;
  label: string;
  /** In CSS pixels; none: the pane's width. */
  width?: number;
  icon: Icon;
}

/** Widths of common devices: a phone (iPhone 15), a tablet upright (iPad), a laptop screen. */
export const previewWidths: PreviewWidth[] = [
  { value: 'phone', label: 'Phone', width: 390, icon: IconDeviceMobile },
  { value: 'tablet', label: 'Tablet', width: 768, icon: IconDeviceTablet },
  { value: 'desktop', label: 'Desktop', width: 1280, icon: IconDeviceDesktop },
  { value: 'full', label: 'Full width', icon: IconArrowsHorizontal },
];

/** The width chosen, kept for the next visit; a stored value that is not one of them is the pane's width. */
export function usePreviewWidth(): [PreviewWidth, (value: string) => void] {
  const [value, setValue] = useLocalStorage({
    key: 'studio-preview-width',
    defaultValue: 'full',
    getInitialValueInEffect: false,
  });
  return [previewWidths.find((w) => w.value === value) ?? previewWidths[3], setValue];
}

/** How the page's frame sits in a pane: its size in CSS pixels and the scale it is drawn at. */
export interface FrameFit {
  width: number;
  height: number;
  scale: number;
}

/** The frame for `chosen` in a pane of this size: as wide as chosen, drawn smaller if the pane is narrower. */
export function fitFrame(chosen: PreviewWidth, pane: { width: number; height: number }): FrameFit | undefined {
  if (pane.width <= 0 || pane.height <= 0) return undefined;
  const width = chosen.width ?? pane.width;
  const scale = Math.min(1, pane.width / width);
  return { width, height: pane.height / scale, scale };
}

export function WidthSwitch({
  chosen,
  fit,
  onChange,
}: {
  chosen: PreviewWidth;
  fit?: FrameFit;
  onChange: (value: string) => void;
}) {
  return (
    <Group gap="sm" wrap="nowrap">
      <SegmentedControl
        size="xs"
        role="radiogroup"
        aria-label="Preview width"
        value={chosen.value}
        onChange={onChange}
        data={previewWidths.map(({ value, label, width, icon: WidthIcon }) => ({
          value,
          label: (
            <Group gap={4} wrap="nowrap" title={width ? `${label}: ${width} px wide` : 'As wide as this pane'}>
              <WidthIcon size={16} aria-hidden="true" />
              <span>{label}</span>
            </Group>
          ),
        }))}
      />
      {fit && (
        <Text size="xs" c="dimmed">
          {Math.round(fit.width)} px{fit.scale < 1 ? `, shown at ${Math.round(fit.scale * 100)}%` : ''}
        </Text>
      )}
    </Group>
  );
}
