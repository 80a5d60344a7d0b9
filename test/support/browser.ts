import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createApp, type App } from '../../src/app';
import { ManualClock } from '../../src/clock';
import { createConfig, type Config } from '../../src/config';
import { createLogger } from '../../src/logging';
import { TEST_REDIS_URL } from './jobs-harness';
import { freePort } from './own-services';

/**
 * The pages in a real browser: Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH; .ci/run installs it — no
 * browser download) driven by playwright-core, at a 360×740 phone viewport. Screenshots go to docs/screenshots/.
 */
export const SHOTS = path.resolve(import.meta.dirname, '../../docs/screenshots');

/** Headless Chromium, without the background traffic of a desktop browser; docs/screenshots/ made. */
export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  mkdirSync(SHOTS, { recursive: true });
  return browser;
}

/** A phone's browser in `locale` (e.g. 'hi-IN'); without JavaScript unless `javaScript` (the public pages need none). */
export function phoneContext(
  browser: Browser,
  locale: string,
  o: { javaScript?: boolean } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 360, height: 740 },
    locale,
    javaScriptEnabled: o.javaScript ?? false,
    deviceScaleFactor: 1,
  });
}

/** A worker process (no bot) serving the HTTP routes on a free port, with the demo district seeded. */
export interface WebWorkers {
  app: App;
  config: Config;
  clock: ManualClock;
  /** http://127.0.0.1:<port> */
  base: string;
  stop(): Promise<void>;
}

/** Starts the workers' HTTP server on a throwaway data directory at `now` (India time as written). */
export async function startWebWorkers(now: string, env: Record<string, string> = {}): Promise<WebWorkers> {
  const dir = await mkdtemp(path.join(tmpdir(), 'kanji-web-'));
  const port = await freePort();
  const config = createConfig({
    DATA_DIR: dir,
    REDIS_URL: TEST_REDIS_URL,
    QUEUE_PREFIX: `t-web-${randomUUID().slice(0, 8)}`,
    PORT: String(port),
    HTTP_HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const clock = new ManualClock(now);
  const app = await createApp(config, { mode: 'workers', seed: true, clock, logger: createLogger('silent') });
  await app.start();
  return {
    app,
    config,
    clock,
    base: `http://127.0.0.1:${port}`,
    async stop() {
      await app.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The widths the desk is tried at: a 360 px phone and a 1280 px office screen. */
export const DESK_WIDTHS = [
  ['phone', { width: 360, height: 740 }],
  ['desktop', { width: 1280, height: 800 }],
] as const;

/** A full-page screenshot of a desk view into docs/screenshots/desk-<name>.png. */
export const deskShot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SHOTS, `desk-${name}.png`), fullPage: true });

/** The page's width at most `width` px: nothing sideways. */
export const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
