// Photos benchmark: a photo uploaded on the staff desk's seizure form until it is stored (the real HTTP server,
// initData checked, the photo decoded, turned upright, stripped and re-encoded by src/services/photo-clean.ts, the
// entry and its photo written in one transaction), for a phone's 12 MP JPEG sent as it is (a browser that cannot
// shrink it: the worst case) and for a photo the page has shrunk (1600 × 1200, what the desk's script sends); beside
// the cleaning alone and a baseline that only decodes the file with sharp. Stored sizes from the Photo rows.
// On a throwaway Postgres database (the embedded PGlite when Postgres does not answer, or BENCH_DB=pglite).
// Run: npm run bench, or npx tsx bench/photos.ts (BENCH_PHOTO_RUNS).
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { cleanPhoto } from '../src/services/photo-clean';
import { startDeskWorld } from '../test/support/desk';
import { phoneJpeg } from '../test/support/photo-files';
import { benchDatabase } from './bench-database';

const RUNS = Number(process.env.BENCH_PHOTO_RUNS ?? 20);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
const ms = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(0)} ms  p95 ${pct(xs, 95).toFixed(0)} ms`;

async function timed(n: number, f: () => Promise<unknown>): Promise<number[]> {
  await f(); // warm-up
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await f();
    out.push(performance.now() - start);
  }
  return out;
}

export async function run(): Promise<string> {
  const photos: Array<[string, Buffer | null]> = [
    ['no photo (the form alone: the baseline of the route)', null],
    ['12 MP phone JPEG (4000 × 3000, q92), sent as it is', await phoneJpeg(4000, 3000, 6)],
    [
      'photo shrunk by the page (1600 × 1200, q85)',
      await sharp(await phoneJpeg(1600, 1200))
        .jpeg({ quality: 85 })
        .toBuffer(),
    ],
  ];
  const benchDb = await benchDatabase('pbench');
  const dbUrl = benchDb?.url;
  const w = await startDeskWorld({ DESK_PER_MINUTE: '100000', ...(dbUrl ? { DATABASE_URL: dbUrl } : {}) });
  const lines: string[] = [];
  try {
    const db = w.app.deps.db;
    const pound = String(w.pounds.JAI1);
    for (const [name, bytes] of photos) {
      const decode = bytes ? await timed(RUNS, () => sharp(bytes).raw().toBuffer()) : [];
      const clean = bytes ? await timed(RUNS, () => cleanPhoto(bytes)) : [];
      const base64 = bytes?.toString('base64');
      const before = await db.photo.aggregate({ _max: { id: true } });
      const upload = await timed(RUNS, async () => {
        const res = await fetch(`${w.base}/desk/v/seize`, {
          method: 'POST',
          headers: { 'x-telegram-init-data': w.initData('keeper'), 'content-type': 'application/json' },
          body: JSON.stringify({
            key: randomUUID(),
            lang: 'en',
            pound,
            impounded: '2026-11-29T11:30',
            class1: 'cow',
            count1: '1',
            desc1: 'red cow, white patch on the forehead',
            ...(base64 ? { photo1: base64 } : {}),
            place: 'Jaisinghpura',
            seizer: 'Ram Niwas',
            seizer_residence: 'Jaisinghpura',
          }),
        });
        if (res.status !== 200) throw new Error(`upload answered ${res.status}`);
        await res.arrayBuffer();
      });
      const stored = await db.photo.findMany({
        where: { id: { gt: before._max.id ?? 0 } },
        select: { byteSize: true },
      });
      const sizes = stored.map((p) => p.byteSize ?? 0);
      if (!bytes) {
        lines.push(`  ${name}:`, `    desk upload → stored (HTTP)      ${ms(upload)}  (${RUNS} runs)`);
        continue;
      }
      lines.push(
        `  ${name}: ${(bytes.length / 1e6).toFixed(2)} MB in`,
        `    sharp decode only (baseline)     ${ms(decode)}`,
        `    cleanPhoto (decode, upright, strip, re-encode) ${ms(clean)}`,
        `    desk upload → stored (HTTP)      ${ms(upload)}  (${RUNS} runs)`,
        `    stored: ${(pct(sizes, 50) / 1e3).toFixed(0)} kB median, ${(Math.max(...sizes) / 1e3).toFixed(0)} kB max (${stored.length} photos)`,
      );
    }
  } finally {
    await w.close();
    await benchDb?.drop();
  }
  return [
    `photos (${dbUrl ? 'postgres' : 'pglite'}): a seizure-form photo uploaded until stored, ${RUNS} runs each`,
    ...lines,
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(await run());
  process.exit(0);
}
