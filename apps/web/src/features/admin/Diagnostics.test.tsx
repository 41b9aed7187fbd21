import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { DiagnosticsResponse } from '@slipstream/contract';
import { routes } from '../../app/router';
import { signedInApi, testAccountSession } from '../../test/accounts';
import { json, mockApi } from '../../test/api';
import { renderRouter } from '../../test/render';

const diagnostics: DiagnosticsResponse = {
  checkedAt: '2025-07-05T12:00:00.000Z',
  database: { kind: 'pglite', migrationsApplied: 2, migrationsKnown: 2 },
  cache: { kind: 'memory' },
  mail: { kind: 'smtp', target: 'smtp.example.com:587', from: 'Slipstream <no-reply@example.com>' },
  f1db: { dir: '/srv/f1db', version: 'v6.5.0' },
  checks: [
    { name: 'Database (PGlite)', ok: true, detail: 'Reachable: select 1 answered', latencyMs: 1.5, at: null },
    { name: 'News feed racefans', ok: false, detail: 'Last fetch failed: HTTP 503 (3 in a row)', latencyMs: null, at: '2025-07-05T11:30:00.000Z' },
  ],
};

function visit(path: string, extra: Record<string, (request: Request) => Response | Promise<Response>> = {}) {
  mockApi({ ...signedInApi(), '/api/check-admin': () => json({ isAdmin: true }), '/api/admin/diagnostics': () => json(diagnostics), ...extra });
  renderRouter(createMemoryRouter(routes, { initialEntries: [path] }), { session: testAccountSession() });
}

describe('diagnostics', () => {
  it('/test sums up the checks and details only the failing ones', async () => {
    visit('/test');
    expect(await screen.findByText(/1 of 2 checks need attention/)).toBeInTheDocument();
    expect(screen.getByText(/Last fetch failed: HTTP 503 \(3 in a row\)/)).toBeInTheDocument();
    expect(screen.queryByText(/Reachable: select 1 answered/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send test mail' })).not.toBeInTheDocument();
  });

  it('/admin/test shows every detail, the set-up, and sends a test mail', async () => {
    const sent: unknown[] = [];
    visit('/admin/test', {
      '/api/admin/diagnostics/test-mail': async (request) => {
        sent.push(await request.json());
        return json({ to: 'ops@example.com', transport: 'smtp', message: 'A test mail to ops@example.com was handed to the SMTP server.' });
      },
    });
    expect(await screen.findByText(/Reachable: select 1 answered · 1\.5 ms/)).toBeInTheDocument();
    expect(screen.getByText('SMTP at smtp.example.com:587, from Slipstream <no-reply@example.com>')).toBeInTheDocument();
    expect(screen.getByText('PGlite, 2 of 2 migrations')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('To (leave empty for your own address)'), 'ops@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send test mail' }));
    expect(await screen.findByText('A test mail to ops@example.com was handed to the SMTP server.')).toBeInTheDocument();
    await vi.waitFor(() => expect(sent).toEqual([{ to: 'ops@example.com' }]));
  });
});
