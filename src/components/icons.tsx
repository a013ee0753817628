// The icon registry: every icon name the schema allows, mapped to its Tabler component. Typed
// against the generated IconName union, so a name added to the schema fails the type-check here.
import {
  IconArrowRight, IconAward, IconBook, IconBriefcase, IconBuilding, IconBulb, IconCalendar, IconChartBar, IconChartLine,
  IconChartPie, IconCheck, IconCircleCheck, IconClock, IconCloud, IconCode, IconCompass, IconCpu, IconDatabase,
  IconFileText, IconHeartHandshake, IconHierarchy, IconLayout, IconMail, IconMapPin, IconMessage, IconMicrophone,
  IconPalette, IconPhone, IconPresentation, IconPuzzle, IconRocket, IconSchool, IconSearch, IconSettings, IconShieldCheck,
  IconSparkles, IconTarget, IconTrendingUp, IconTrophy, IconUsers, IconWorld, type Icon,
} from '@tabler/icons-react';
import type { IconName } from '../../shared/generated/content.ts';

export const icons: Record<IconName, Icon> = {
  'arrow-right': IconArrowRight, award: IconAward, book: IconBook, briefcase: IconBriefcase, building: IconBuilding,
  bulb: IconBulb, calendar: IconCalendar, 'chart-bar': IconChartBar, 'chart-line': IconChartLine, 'chart-pie': IconChartPie,
  check: IconCheck, 'circle-check': IconCircleCheck, clock: IconClock, cloud: IconCloud, code: IconCode, compass: IconCompass,
  cpu: IconCpu, database: IconDatabase, 'file-text': IconFileText, 'heart-handshake': IconHeartHandshake,
  hierarchy: IconHierarchy, layout: IconLayout, mail: IconMail, 'map-pin': IconMapPin, message: IconMessage,
  microphone: IconMicrophone, palette: IconPalette, phone: IconPhone, presentation: IconPresentation, puzzle: IconPuzzle,
  rocket: IconRocket, school: IconSchool, search: IconSearch, settings: IconSettings, 'shield-check': IconShieldCheck,
  sparkles: IconSparkles, target: IconTarget, 'trending-up': IconTrendingUp, trophy: IconTrophy, users: IconUsers, world: IconWorld,
};

export function SiteIcon({ name, size = 22 }: { name: IconName; size?: number }) {
  const Component = icons[name];
  return <Component size={size} stroke={1.7} aria-hidden="true" />;
}
