import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppServices } from './app/App';
import { createAccountSession } from './features/account/accountSession';
import { reportToOpener } from './features/account/oauthPopup';
import { prefetchHomeData } from './features/home/queries';
import { paths } from './lib/paths';
import { registerServiceWorker } from './lib/serviceWorker';
import './styles/global.css';

// In the Google/GitHub sign-in popup, the page the provider's round trip ends on only reports back and closes.
if (!reportToOpener()) {
  const services = createAppServices();
  const session = createAccountSession();
  if (window.location.pathname === paths.home) void prefetchHomeData(services.queryClient);
  registerServiceWorker();

  createRoot(document.getElementById('app')!).render(
    <StrictMode>
      <App services={services} session={session} />
    </StrictMode>,
  );
}
