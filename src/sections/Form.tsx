import { Card, List, Stack, Text, Title } from '@mantine/core';
import { ContactDetails } from '../components/ContactDetails.tsx';
import { SiteIcon } from '../components/icons.tsx';
import { InquiryForm } from '../forms/InquiryForm.tsx';
import type { SectionOf } from '../../shared/route-data.ts';
import { useForm } from '../site-context.tsx';
import classes from './Form.module.css';
import { ResponsiveGrid } from '../components/ResponsiveGrid.tsx';

export function Form({ section }: { section: SectionOf<'form'> }) {
  const form = useForm(section.form);
  const aside = section.aside ?? [];
  return (
    <ResponsiveGrid cols={{ base: 1, md: aside.length ? 3 : 1 }} spacing="xl" className={classes.layout}>
      <div className={aside.length ? classes.main : undefined}>
        <InquiryForm form={form} />
      </div>
      {aside.length > 0 && (
        <Stack gap="lg">
          {aside.map((card, position) => (
            <Card key={position} withBorder radius="lg" padding="lg">
              <Title order={3} fz="lg" className={classes.cardTitle}>
                {card.icon && (
                  // A span, not ThemeIcon's <div>: a heading may hold phrasing content only.
                  <span className={classes.icon} aria-hidden="true">
                    <SiteIcon name={card.icon} size={18} />
                  </span>
                )}
                {card.title}
              </Title>
              {card.text && (
                <Text mt="xs" c="gray.7">
                  {card.text}
                </Text>
              )}
              {card.showContact && (
                <Stack gap={6} mt="sm">
                  <ContactDetails lineClassName={classes.line} />
                </Stack>
              )}
              {card.items && (
                <List mt="sm" spacing={6} size="sm" icon={<SiteIcon name="circle-check" size={18} />}>
                  {card.items.map((item, place) => (
                    <List.Item key={place}>{item}</List.Item>
                  ))}
                </List>
              )}
            </Card>
          ))}
        </Stack>
      )}
    </ResponsiveGrid>
  );
}
