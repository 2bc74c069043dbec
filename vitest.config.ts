import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['*.test.ts', 'server/**/*.test.ts', 'domain/**/*.test.ts', 'src/**/*.test.ts', 'src/**/*.test.tsx'],
    // One embedded PostgreSQL per run; each test file clones its own database (server/test/test-db.ts).
    globalSetup: ['server/test/global-setup.ts'],
    // Two test files at a time (vitest's default is one fewer than the cores: one on CI's 2 cores).
    // The API tests mostly wait on PostgreSQL, so a second worker overlaps that waiting.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
