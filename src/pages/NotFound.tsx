import { Button, Container, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { useSite } from '../site-context.tsx';
import classes from './NotFound.module.css';
import { reportNotFound } from '../enhance/not-found.ts';

export function NotFound({ path }: { path: string }) {
  const { notFound } = useSite().settings;
  const ref = useRef<HTMLDivElement>(null);
  // Where React renders the page; a prerendered one is reported by src/enhance/ (each once).
  useEffect(() => {
    if (ref.current) reportNotFound(ref.current, path);
  }, [path]);
  return (
    <Container ref={ref} size="sm" className={classes.page} data-not-found>
      <Title order={1} className={classes.code}>
        {notFound.code}
      </Title>
      <Text className={classes.message}>{notFound.message}</Text>
      <Button component={Link} href={notFound.link.to} size="md" mt="xl">
        {notFound.link.label}
      </Button>
    </Container>
  );
}
