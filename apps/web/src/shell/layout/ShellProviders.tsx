import { QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { queryClient } from '../../api/queryClient';
import { FeedbackBridge } from '../../components/FeedbackBridge';
import { findScreen } from '../registry';
import { MenuPage } from './MenuPage';

/** What every signed-in page sits in: antd's App (messages, modals) and the query client. */
export function ShellProviders({ children }: { children: ReactNode }) {
  return (
    <App className="app-root">
      <FeedbackBridge />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </App>
  );
}

/** A page shown on its own (a data screen in a new window): the shell's providers and checks, not its frame. */
export function ScreenLayout() {
  return (
    <ShellProviders>
      <MenuPage find={findScreen} />
    </ShellProviders>
  );
}
