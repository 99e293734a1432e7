import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { loadServerTranslations, startup } from './app/startup.ts';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing in index.html');

void startup(root).then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  void loadServerTranslations();
});
