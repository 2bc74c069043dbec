import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    // Two test files at a time (vitest's default is one fewer than the cores: one on CI's 2 cores).
    // The API tests mostly wait on PostgreSQL, so a second worker overlaps that waiting.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          include: ['*.test.ts', 'server/**/*.test.ts', 'domain/**/*.test.ts'],
          // One embedded PostgreSQL per run; each test file clones its own database (server/test/test-db.ts).
          globalSetup: ['server/test/global-setup.ts'],
          // The server's files share a worker's loaded modules rather than importing the server again
          // per file: each file builds its own app, database and job queue from them (server/test/
          // harness.ts), and the few spies on console or timers are restored where they are made. The
          // whole run: 280 s isolated, 185 s shared (7 December 2026, the same machine, one after the other).
          isolate: false,
        },
      },
      {
        extends: true,
        // The SPA's tests mock modules (vi.mock) and render into a document of their own: isolated.
        test: { name: 'spa', include: ['src/**/*.test.ts', 'src/**/*.test.tsx'] },
      },
    ],
  },
});
