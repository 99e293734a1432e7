import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { loadServerTranslations, startup } from './app/startup.ts';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing in index.html');

void startup(root).then(async ({ offline }) => {
  if (offline) {
    // A desk whose remote gateway is down opens as the offline label station (desktop only);
    // loaded on demand so it adds nothing to every other first load.
    const { OfflineStation } = await import('./app/offline-station.tsx');
    createRoot(root).render(
      <StrictMode>
        <OfflineStation info={offline} />
      </StrictMode>,
    );
    return;
  }
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  void loadServerTranslations();
});
