import type { App } from './app';

/**
 * Starts the app and keeps it running until SIGINT/SIGTERM, then shuts down gracefully (finish or hand
 * back active jobs, close Redis and the database) and exits 0. A start-up failure prints one clear line
 * (e.g. Redis unreachable, with the URL tried) and exits 1.
 */
export async function runUntilSignal(build: () => Promise<App>): Promise<void> {
  let app: App | undefined;
  try {
    app = await build();
    await app.start();
  } catch (err) {
    console.error(`Start-up failed: ${(err as Error).message}`);
    await app?.stop().catch(() => {});
    process.exit(1);
  }
  const running = app;
  let signalled = false;
  const shutdown = async (signal: string) => {
    if (signalled) return;
    signalled = true;
    running.deps.logger.info({ signal }, 'shutting down');
    try {
      await running.stop();
      process.exit(0);
    } catch (err) {
      console.error(`Shutdown failed: ${(err as Error).message}`);
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}
