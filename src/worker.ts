// npm run worker — workers, outbox dispatcher and reconciler only; run any number against one Redis.
import { createApp } from './app';
import { createConfigOrExit } from './config';
import { runUntilSignal } from './lifecycle';

const config = createConfigOrExit();

await runUntilSignal(() => createApp(config, { mode: 'workers' }));
