import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { loadServerTranslations, startup } from './app/startup.ts';
import { OfflineStation } from './app/offline-station.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing in index.html');

void startup(root).then(({ offline }) => {
  // A desk whose remote gateway is down opens as the offline label station (desktop only).
  createRoot(root).render(
    <StrictMode>
      {offline ? <OfflineStation info={offline} /> : <App />}
    </StrictMode>,
  );
  if (!offline) void loadServerTranslations();
});
