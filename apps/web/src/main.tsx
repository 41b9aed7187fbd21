import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppServices } from './app/App';
import './styles/global.css';

const services = createAppServices();

createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <App services={services} />
  </StrictMode>,
);
