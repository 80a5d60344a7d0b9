// npm run worker — workers, outbox dispatcher and reconciler only; run any number against one Redis.
import { createApp } from './app';
import { ConfigError, createConfig } from './config';
import { runUntilSignal } from './lifecycle';

let config;
try {
  config = createConfig();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : String(err));
  process.exit(2);
}

await runUntilSignal(() => createApp(config, { mode: 'workers' }));
