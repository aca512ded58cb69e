import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { CrashScreen } from './CrashScreen';

interface State {
  error?: unknown;
  errorInfo?: ErrorInfo;
  hasError: boolean;
}

/** The last line of defence around the whole app, outside react-admin's own boundaries. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { hasError: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { hasError: true, error };
  }

  override componentDidCatch(error: unknown, errorInfo: ErrorInfo) {
    this.setState({ error, errorInfo });
  }

  override render() {
    if (this.state.hasError) return <CrashScreen error={this.state.error} errorInfo={this.state.errorInfo} />;
    return this.props.children;
  }
}
