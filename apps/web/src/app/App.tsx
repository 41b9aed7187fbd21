import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { api } from '../lib/api';
import { ClockProvider, createServerClock, type ServerClock } from '../lib/clock';
import { AuthProvider, type SessionSource } from './auth';
import { createQueryClient } from './queryClient';
import { createAppRouter } from './router';

type AppProps = {
  /** Accounts pass their session here; anonymous by default. */
  session?: SessionSource;
};

/** The app's services, created once per page load. */
function createServices(): { queryClient: QueryClient; clock: ServerClock; router: ReturnType<typeof createAppRouter> } {
  return {
    queryClient: createQueryClient(),
    clock: createServerClock({
      fetchTime: api.getTime,
      onError: (error) => console.error('Could not read the server clock; using this device’s clock', error),
    }),
    router: createAppRouter(),
  };
}

export function App({ session }: AppProps) {
  const [{ queryClient, clock, router }] = useState(createServices);
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
