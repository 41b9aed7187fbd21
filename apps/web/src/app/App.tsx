import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { api } from '../lib/api';
import { ClockProvider, createServerClock, pageRenderedAt, type ServerClock } from '../lib/clock';
import { TimeZoneProvider } from '../lib/visitor';
import { AuthProvider, type SessionSource } from '../lib/auth';
import { createQueryClient } from './queryClient';
import { AppRoutes } from './router';

export type AppServices = {
  queryClient: QueryClient;
  clock: ServerClock;
};

/** The app's long-lived services, created once per page load outside React (StrictMode renders twice). */
export function createAppServices(): AppServices {
  return {
    queryClient: createQueryClient(),
    clock: createServerClock({
      fetchTime: () => api('time'),
      rendered: pageRenderedAt(),
      onError: (error) => console.error('Could not read the server clock; using this device’s clock', error),
    }),
  };
}

type AppProps = {
  services: AppServices;
  /** Accounts pass their session here; anonymous by default. */
  session?: SessionSource;
  /** The browser's history by default; the server renders a page at one address (entry-server.tsx). */
  Router?: ComponentType<{ children: ReactNode }>;
};

export function App({ services: { queryClient, clock }, session, Router = HistoryRouter }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <ClockProvider clock={clock}>
        <TimeZoneProvider>
          <AuthProvider session={session}>
            <Router>
              <AppRoutes />
            </Router>
          </AuthProvider>
        </TimeZoneProvider>
      </ClockProvider>
    </QueryClientProvider>
  );
}

/** Without transitions, a page whose code is still loading shows its spinner at once. */
function HistoryRouter({ children }: { children: ReactNode }) {
  return <BrowserRouter useTransitions={false}>{children}</BrowserRouter>;
}
