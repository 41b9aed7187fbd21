import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { api } from '../lib/api';
import { ClockProvider, createServerClock, type ServerClock } from '../lib/clock';
import { AuthProvider, type SessionSource } from './auth';
import { createQueryClient } from './queryClient';
import { createAppRouter } from './router';

export type AppServices = {
  queryClient: QueryClient;
  clock: ServerClock;
  router: ReturnType<typeof createAppRouter>;
};

/**
 * The app's long-lived services, created once per page load outside React (a router created during
 * render would be created twice under StrictMode, and both would listen to the history).
 */
export function createAppServices(): AppServices {
  return {
    queryClient: createQueryClient(),
    clock: createServerClock({
      fetchTime: api.getTime,
      onError: (error) => console.error('Could not read the server clock; using this device’s clock', error),
    }),
    router: createAppRouter(),
  };
}

type AppProps = {
  services: AppServices;
  /** Accounts pass their session here; anonymous by default. */
  session?: SessionSource;
};

export function App({ services: { queryClient, clock, router }, session }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <ClockProvider clock={clock}>
        <AuthProvider session={session}>
          <RouterProvider router={router} />
        </AuthProvider>
      </ClockProvider>
    </QueryClientProvider>
  );
}
