import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Files, and the tests in each (set per project below), run in a random order, so every test must stand
    // alone (docs/testing.md).
    // Reproduce a failing order with --sequence.seed=<the seed Vitest prints>.
    sequence: { shuffle: true },
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          // src/*.test.ts: checks of the whole repository (docs-citations.test.ts).
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'src/*.test.ts'],
          // Tests run in a random order (docs/testing.md): one that passes only after another fails here.
          sequence: { shuffle: true },
          // Each API test file builds its own app and databases; PostgreSQL creation is the slow part.
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['src/client/**/*.test.{ts,tsx}'],
          sequence: { shuffle: true },
          setupFiles: ['src/client/test/setup.ts'],
          // userEvent types key by key through React and jsdom; with the server project's PostgreSQL work
          // on the same two cores a form test can pass 5 s (seen: 5.4 s for one that takes 0.4 s alone).
          testTimeout: 15_000,
        },
      },
    ],
  },
});
