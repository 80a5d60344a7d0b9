// Owners in their own words: what understanding free text costs. Training the NLP.js model at start (three fresh
// trainings from locales/nlu/); the NLU's time per text message (`understand` on the labelled owner messages of
// test/unit/owner/data/owner-messages.tsv, many rounds: p50/p95/p99/max); and, through the real bot on PGlite,
// the SQL statements of a screen opened by typing against the same screen opened by its button or command
// (counted at the driver adapter). Run: npm run bench, or npx tsx bench/owner-words.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Update } from 'grammy/types';
import { createBot, type BotDeps } from '../bot';
import { callbackSecret, encodeCallback } from '../src/callback-data';
import { ManualClock } from '../src/clock';
import { createConfig } from '../src/config';
import { applyMigrations, openDatabase, PrismaClient } from '../src/db';
import { seedDemo } from '../src/db/seed';
import { createTranslator } from '../src/i18n';
import { createLogger } from '../src/logging';
import { ownerNlu, trainOwnerNlu } from '../src/services/owner-text';
import { countingAdapter } from './statement-counter';
import { answeringFetch, BENCH_BOT_INFO, BENCH_TOKEN } from './bench-bot';

const ROUNDS = Number(process.env.OWNER_WORDS_ROUNDS ?? 20);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
const ms = (n: number) => `${n.toFixed(3)} ms`;

const fakeFetch = answeringFetch();

let nextId = 1;
const from = (user: number) => ({ id: user, is_bot: false, first_name: 'O', language_code: 'hi' });
function text(user: number, t: string): Update {
  const id = nextId++;
  const entities = t.startsWith('/')
    ? [{ type: 'bot_command', offset: 0, length: t.split(' ')[0]!.length }]
    : undefined;
  return {
    update_id: id,
    message: {
      message_id: id,
      date: 0,
      chat: { id: user, type: 'private', first_name: 'O' },
      from: from(user),
      text: t,
      ...(entities ? { entities } : {}),
    },
  } as Update;
}
function tap(user: number, data: string): Update {
  const id = nextId++;
  return {
    update_id: id,
    callback_query: {
      id: String(id),
      from: from(user),
      chat_instance: 'c',
      data,
      message: { message_id: 1, date: 0, chat: { id: user, type: 'private', first_name: 'O' }, text: '' },
    },
  } as Update;
}

export async function run(): Promise<string> {
  const lines = ['owner-words (NLP.js intents from free text)'];
  // Training at start, as src/app.ts does before the bot takes updates.
  const trainings: number[] = [];
  for (let k = 0; k < 3; k++) trainings.push((await trainOwnerNlu(undefined, { saved: false })).trainingMs);
  const nlu = await ownerNlu();
  lines.push(
    `  training at start: ${trainings.map((t) => `${t.toFixed(0)} ms`).join(', ')} (${nlu.utterances} utterances)`,
  );

  // The NLU's own time per text message.
  const messages = readFileSync(path.resolve(import.meta.dirname, '../test/unit/owner/data/owner-messages.tsv'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => l.split('\t')[2]!);
  const now = new Date();
  for (const m of messages) await nlu.understand(m, now); // warm up
  const lat: number[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < ROUNDS; r++)
    for (const m of messages) {
      const c = process.cpuUsage();
      const s = performance.now();
      await nlu.understand(m, now);
      lat.push(performance.now() - s);
      const d = process.cpuUsage(c);
      cpu.push((d.user + d.system) / 1000);
    }
  lines.push(
    `  NLU per text message (${lat.length} = ${messages.length} messages × ${ROUNDS}): p50 ${ms(pct(lat, 50))}, p95 ${ms(pct(lat, 95))}, p99 ${ms(pct(lat, 99))}, max ${ms(Math.max(...lat))}`,
    `  NLU CPU per text message (this process's CPU, not the machine's queue): p50 ${ms(pct(cpu, 50))}, p95 ${ms(pct(cpu, 95))}, p99 ${ms(pct(cpu, 99))}`,
  );

  // Statements: a screen opened by typing against the same screen by its button or command.
  const opened = await openDatabase({ kind: 'memory' });
  await applyMigrations(opened.adapter);
  await opened.prisma.$disconnect();
  const { adapter, counter } = countingAdapter(opened.adapter);
  const prisma = new PrismaClient({ adapter });
  try {
    const clock = new ManualClock('2026-11-29T10:00:00+05:30');
    const { cases } = await seedDemo(prisma, clock.now());
    const kunda = await prisma.case.findUniqueOrThrow({ where: { number: cases[0]! } });
    const config = createConfig({ LOG_LEVEL: 'silent', BOT_TOKEN: BENCH_TOKEN });
    const deps: BotDeps = {
      config,
      db: prisma,
      clock,
      logger: createLogger('silent'),
      translator: await createTranslator(),
      botUsername: BENCH_BOT_INFO.username,
    };
    const bot = createBot(BENCH_TOKEN, deps, { client: { fetch: fakeFetch as never }, botInfo: BENCH_BOT_INFO });
    await bot.init();
    const secret = callbackSecret(config);
    const USER = 1_000_001;
    const handle = (u: Update) => bot.handleUpdate(u);
    // The owner opens the case (the referent of what they type next), then each screen is warmed once.
    await handle(text(USER, kunda.number));
    const pairs: Array<[string, () => Update, () => Update]> = [
      ['dues', () => text(USER, 'kitna paisa dena hai'), () => tap(USER, encodeCallback(secret, 'du', kunda.id))],
      ['my cases', () => text(USER, 'मेरे प्रकरण दिखाओ'), () => text(USER, '/mycases')],
      ['help', () => text(USER, 'help chahiye'), () => text(USER, '/help')],
      [
        's. 15 screen',
        () => text(USER, 'the seizure was wrong'),
        () => tap(USER, encodeCallback(secret, 'pr', kunda.id)),
      ],
    ];
    const N = 20;
    const measure = async (make: () => Update) => {
      await handle(make());
      await new Promise((r) => setTimeout(r, 50));
      counter.reset();
      const times: number[] = [];
      for (let k = 0; k < N; k++) {
        const s = performance.now();
        await handle(make());
        times.push(performance.now() - s);
        // Let a held session lease end on its own (bot/middleware/session-storage.ts), as between real updates.
        await new Promise((r) => setTimeout(r, 30));
      }
      return { statements: counter.total / N, p50: pct(times, 50) };
    };
    for (const [name, typed, button] of pairs) {
      const b = await measure(button);
      const t = await measure(typed);
      lines.push(
        `  ${name.padEnd(13)} typed: ${t.statements.toFixed(1)} statements, p50 ${t.p50.toFixed(2)} ms · button/command: ${b.statements.toFixed(1)} statements, p50 ${b.p50.toFixed(2)} ms`,
      );
    }
  } finally {
    await prisma.$disconnect();
  }
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(await run());
