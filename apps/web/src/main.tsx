import type { ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './styles/global.css';

/**
 * The entry: React, and the app's start (app/start.tsx), which it loads at once as a module of its own, so that
 * a phone evaluates the two in separate tasks rather than in one long one (docs/decisions/008-phone-start.md).
 * The server names the start's files for preloading beside the entry (the entry's only dynamic import).
 */
async function start() {
  const container = document.getElementById('app')!;
  const rendered = container.hasChildNodes();
  const { startApp } = await import('./app/start');
  await startApp(rendered ? { takeOver: (app: ReactNode) => hydrateRoot(container, app) } : { render: (app: ReactNode) => createRoot(container).render(app) });
}

void start();
