import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Two runtimes (Signal's node/dom split): Node code never sees a DOM, the renderer never sees Node.
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/shared/**/*.test.ts', 'src/gateway/**/*.test.ts', 'src/main/**/*.test.ts', 'src/preload/**/*.test.ts', 'scripts/**/*.test.ts', 'test/node/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'dom',
          environment: 'happy-dom',
          include: ['src/renderer/**/*.test.{ts,tsx}'],
          setupFiles: ['test/setup-dom.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
