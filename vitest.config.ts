import { defineConfig } from 'vitest/config';

// Database and Redis tests each make their own throwaway database / queue names,
// so files may run in parallel; the pool is kept small for a 2-core machine.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    // One module graph per worker, not one per test file: importing the app's modules again for every file (the
    // Prisma client, grammY, fastify, the typesetter) cost ~2.4 s of CPU per file. Test files share no state
    // through modules: each makes its own database, queue prefix, bot and clock, and none mocks a module or stubs a
    // global (test/unit/shared-module-graph.test.ts).
    isolate: false,
    // Logs of the whole run go to test-logs/ (test/support/test-logs.ts) and are scanned for tokens and phone
    // numbers after the last file (scripts/log-scan.ts).
    globalSetup: ['test/support/log-scan.global.ts', 'test/support/own-services.global.ts'],
    // A file fails if it leaves its own Redis/Postgres running (test/support/own-services.ts); the run's teardown
    // kills and reports any that outlived their file.
    setupFiles: ['test/support/own-services.setup.ts'],
  },
});
