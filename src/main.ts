// npm start — the whole service in one process (bot, workers, outbox dispatcher, reconciler).
import { createApp } from './app';
import { createConfigOrExit } from './config';
import { runUntilSignal } from './lifecycle';

const config = createConfigOrExit();

if (!config.BOT_TOKEN) {
  // No token: the local chat — the real bot, workers and embedded database against an in-process Telegram stand-in.
  const { startLocalChat } = await import('./local');
  const chat = await startLocalChat(config, { input: process.stdin, output: process.stdout });
  process.once('SIGINT', () => void chat.stop());
  process.once('SIGTERM', () => void chat.stop());
  process.exit(await chat.done);
}

await runUntilSignal(() => createApp(config, { mode: 'all' }));
