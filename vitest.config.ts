import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['*.test.ts', 'server/**/*.test.ts', 'domain/**/*.test.ts', 'src/**/*.test.ts', 'src/**/*.test.tsx'],
    // One embedded PostgreSQL per run; each test file clones its own database (server/test/test-db.ts).
    globalSetup: ['server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
