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
    globalSetup: [],
  },
});
