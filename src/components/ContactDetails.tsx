// The contact e-mail, phone and city from site.yaml, declared once and shown wherever needed.
import { Anchor, Text } from '@mantine/core';
import { useSite } from '../site-context.tsx';
import { SiteIcon } from './icons.tsx';

export function ContactDetails({ lineClassName, cityClassName }: { lineClassName: string; cityClassName?: string }) {
  const { contact } = useSite().settings;
  return (
    <>
      <Anchor href={`mailto:${contact.email}`} className={lineClassName}>
        <SiteIcon name="mail" size={18} /> {contact.email}
      </Anchor>
      <Anchor href={`tel:${contact.phone.replace(/[^+\d]/g, '')}`} className={lineClassName}>
        <SiteIcon name="phone" size={18} /> {contact.phone}
      </Anchor>
      <Text fz="sm" className={`${lineClassName} ${cityClassName ?? ''}`}>
        <SiteIcon name="map-pin" size={18} /> {contact.city}
      </Text>
    </>
  );
}
