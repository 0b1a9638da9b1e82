/**
 * @module Catches a page that throws while rendering and shows a clear message with a way back,
 * never a blank page.
 */
import { Component } from 'react';
import type { ReactNode } from 'react';

export class ErrorBoundary extends Component<
  { children: ReactNode; resetKey: string },
  { error: Error | null }
> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.error)
      this.setState({ error: null });
  }

  override render() {
    if (this.state.error) {
      return (
        <div role="alert" className="error">
          <h1>Something went wrong on this page</h1>
          <p>{this.state.error.message}</p>
          <p>
            <a href="/">Back to the chat</a>
          </p>
        </div>
      );
    }
    return this.props.children;
  }
}
