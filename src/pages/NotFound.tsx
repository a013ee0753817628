import { Button, Container, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { useSite } from '../site-context.tsx';
import classes from './NotFound.module.css';

export function NotFound({ path }: { path: string }) {
  const { notFound } = useSite().settings;
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', path);
  }, [path]);
  return (
    <Container size="sm" className={classes.page}>
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
