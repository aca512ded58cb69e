import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { Root } from './Root';
import { AppErrorBoundary } from './ui/crash/AppErrorBoundary';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/** `npm run dev:mock` (VITE_MOCK_API=true, see .env.mock) runs the SPA against the MSW handlers of mocks/, without a server. */
async function startMockApi(): Promise<void> {
  if (import.meta.env.VITE_MOCK_API !== 'true') return;
  const mocks = await import('../mocks/browser');
  await mocks.startMockApi();
}

void startMockApi().then(() =>
  // A browser router: the console's paths are real paths (/admin/customers), not react-admin's default hash URLs.
  createRoot(container).render(
    <StrictMode>
      <AppErrorBoundary>
        <BrowserRouter>
          <Root />
        </BrowserRouter>
      </AppErrorBoundary>
    </StrictMode>,
  ),
);
