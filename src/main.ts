// npm start — the whole service in one process (bot, workers, outbox dispatcher, reconciler).
import { createApp } from './app';
import { createConfigOrExit } from './config';
import { runUntilSignal } from './lifecycle';

const config = createConfigOrExit();

if (!config.BOT_TOKEN) {
  // No token: the local chat — the real bot, workers and embedded database against an in-process Telegram stand-in.
  // The signal handlers go in before the start-up is awaited: a Ctrl-C while the chat is still starting (it
  // already reads lines then) stops it cleanly once it is up, instead of killing it with the default 130.
  let stop: (() => void) | undefined;
  let stopAsked = false;
  const onSignal = () => {
    stopAsked = true;
    stop?.();
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const { startLocalChat } = await import('./local');
  const chat = await startLocalChat(config, { input: process.stdin, output: process.stdout });
  stop = () => void chat.stop();
  if (stopAsked) stop();
  process.exit(await chat.done);
}

await runUntilSignal(() => createApp(config, { mode: 'all' }));
