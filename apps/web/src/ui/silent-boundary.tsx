import { Component, type ReactNode } from 'react';

interface SilentBoundaryProps {
  children: ReactNode;
  /** What failed, for the log. */
  name: string;
}

/** Keeps a failing global helper (a lazy modal host, say) from taking the page down with it; the failure is logged. */
export class SilentBoundary extends Component<SilentBoundaryProps, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError(): { hasFailed: boolean } {
    return { hasFailed: true };
  }

  override componentDidCatch(error: Error): void {
    console.error(`${this.props.name} failed`, error);
  }

  override render() {
    return this.state.hasFailed ? null : this.props.children;
  }
}
