// npm start — the whole service in one process (bot, workers, outbox dispatcher, reconciler).
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

if (!config.BOT_TOKEN) {
  // No token: the local chat — the real bot, workers and embedded database against an in-process Telegram stand-in.
  const { startLocalChat } = await import('./local');
  const chat = await startLocalChat(config, { input: process.stdin, output: process.stdout });
  process.once('SIGINT', () => void chat.stop());
  process.once('SIGTERM', () => void chat.stop());
  process.exit(await chat.done);
}

await runUntilSignal(() => createApp(config, { mode: 'all' }));
