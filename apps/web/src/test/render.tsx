import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AuthProvider, anonymousSession, type SessionSource } from '../lib/auth';
import { ClockProvider, fixedClock, type ServerClock } from '../lib/clock';

export type RenderOptions = {
  /** The location to start at. */
  path?: string;
  clock?: ServerClock;
  session?: SessionSource;
  queryClient?: QueryClient;
};

/** Quiet, retry-free queries, so a failing call fails at once. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
}

/** Renders `ui` on every path (so it stays mounted across navigation), inside the app's providers. */
export function renderWithApp(ui: ReactNode, options: RenderOptions = {}) {
  const router = createMemoryRouter([{ path: '*', element: ui }], {
    initialEntries: [options.path ?? '/'],
  });
  return renderRouter(router, options);
}

export function renderRouter(router: ReturnType<typeof createMemoryRouter>, options: RenderOptions = {}) {
  const result = render(
    <QueryClientProvider client={options.queryClient ?? testQueryClient()}>
      <ClockProvider clock={options.clock ?? fixedClock('2025-07-05T12:00:00Z')}>
        <AuthProvider session={options.session ?? anonymousSession} afterSignOut={() => {}}>
          <RouterProvider router={router} />
        </AuthProvider>
      </ClockProvider>
    </QueryClientProvider>,
  );
  return { ...result, router };
}
