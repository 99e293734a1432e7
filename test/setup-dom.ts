import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { registerLocaleFiles } from '../src/renderer/lib/i18n.ts';

// Components under test render without the app's on-demand loading of feature strings.
registerLocaleFiles(import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' }));

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});
