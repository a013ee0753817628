// Catches a failure while loading or rendering a page and shows the 'Unexpected Application Error!'
// screen with the HTTP status or the error message, leaving the header and footer usable.
import { Code, Container, Text, Title } from '@mantine/core';
import { Component, type ReactNode } from 'react';

export class HttpError extends Error {
  readonly status: number;
  readonly statusText: string;
  constructor(status: number, statusText: string) {
    super(`${status} ${statusText}`);
    this.status = status;
    this.statusText = statusText;
  }
}

interface Props {
  title: string;
  /** When this changes (the visitor navigated elsewhere), the error screen gives way again. */
  resetKey: string;
  children: ReactNode;
}

export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error) {
    console.error(error);
  }

  componentDidUpdate(previous: Props) {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const detail = error instanceof HttpError ? `${error.status} ${error.statusText}` : error.message;
    return (
      <Container size="sm" py={96} role="alert">
        <Title order={1} fz="h2">
          {this.props.title}
        </Title>
        <Text mt="md" fz="lg">
          <Code fz="lg">{detail}</Code>
        </Text>
      </Container>
    );
  }
}
