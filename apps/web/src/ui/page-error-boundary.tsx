import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Card, EmptyState } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';

interface PageErrorBoundaryProps {
  children: ReactNode;
  /** A new value (the path) clears the failure, so moving to another page tries again. */
  resetKey: string;
}

interface PageErrorBoundaryState {
  hasFailed: boolean;
  resetKey: string;
}

/**
 * Catches a page that fails to render, most often because its code could not be downloaded (offline,
 * or a new release replaced the files), and offers a reload instead of a blank screen.
 */
export class PageErrorBoundary extends Component<PageErrorBoundaryProps, PageErrorBoundaryState> {
  override state: PageErrorBoundaryState = { hasFailed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<PageErrorBoundaryState> {
    return { hasFailed: true };
  }

  static getDerivedStateFromProps(
    props: PageErrorBoundaryProps,
    state: PageErrorBoundaryState,
  ): Partial<PageErrorBoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { hasFailed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('A page failed to render', error, info.componentStack);
  }

  override render() {
    if (!this.state.hasFailed) return this.props.children;
    return (
      <Card withBorder radius="lg" padding="xl" maw={640} mx="auto" my="xl" role="alert">
        <EmptyState variant="light" color="saffron">
          <EmptyState.Indicator>
            <IconPlugConnectedX size={28} aria-hidden />
          </EmptyState.Indicator>
          <EmptyState.Title order={2}>This page could not be loaded</EmptyState.Title>
          <EmptyState.Description>Check your internet connection, then try again.</EmptyState.Description>
          <EmptyState.Actions>
            <Button onClick={() => window.location.reload()}>Try again</Button>
          </EmptyState.Actions>
        </EmptyState>
      </Card>
    );
  }
}
