import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTranslator, type Translator } from '../../../src/i18n';
import { PUBLIC_DAYS_AFTER_CUSTODY } from '../../../src/services/public-case';
import { startWebWorkers, type WebWorkers } from '../../support/browser';

// What the public case page (GET /c/<number>, the real HTTP server) makes public, and for how long: the s. 14 notice's
// facts and the auction — never a claim, a payment, a deposit under protest or the money left over from a sale — and
// 410 Gone for the page and its photos PUBLIC_DAYS_AFTER_CUSTODY days after the last head left the pound.

const DAY = 86_400_000;
// A 1×1 JPEG, as a door would have kept it.
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==',
  'base64',
);

describe('public case page: the notice’s facts, for as long as the law needs them', { timeout: 90_000 }, () => {
  let web: WebWorkers;
  let tr: Translator;
  let demo: Array<{ id: number; number: string }> = [];

  beforeAll(async () => {
    tr = await createTranslator();
    web = await startWebWorkers('2026-11-29T16:05:00+05:30');
    demo = await web.app.deps.db.case.findMany({ orderBy: { id: 'asc' }, select: { id: true, number: true } });
  }, 180_000);
  afterAll(async () => {
    await web?.stop();
  });

  const page = async (number: string, lang: 'en' | 'hi' = 'en') => {
    const res = await fetch(`${web.base}/c/${number}?lang=${lang}`);
    return { status: res.status, html: await res.text(), res };
  };
  const photoUrls = (html: string) => [...html.matchAll(/<img src="([^"]+)"/g)].map((m) => `${web.base}${m[1]}`);

  it('a claim awaiting payment: the page says "in the pound" — no claim, no payment, no name, no dues', async () => {
    const db = web.app.deps.db;
    const c = demo[0]!;
    await db.telegramUser.upsert({ where: { id: 880_001n }, create: { id: 880_001n, firstName: 'O' }, update: {} });
    await db.claim.create({
      data: {
        caseId: c.id,
        kind: 'S13_CLAIM',
        telegramUserId: 880_001n,
        claimantName: 'Hari Ram',
        ownerName: 'Hari Ram',
      },
    });
    await db.case.update({ where: { id: c.id }, data: { status: 'PAYMENT_PENDING' } });
    for (const lang of ['en', 'hi'] as const) {
      const t = tr.forLang(lang);
      const { status, html } = await page(c.number, lang);
      expect(status).toBe(200);
      expect(html).toContain(t('casepage:public.status.in_pound'));
      expect(html).toContain(t('casepage:place'));
      for (const hidden of [
        t('common:status.PAYMENT_PENDING'),
        'Hari Ram',
        lang === 'en' ? 's. 12' : 'धारा 12',
        lang === 'en' ? 'Total: ₹' : 'कुल: ₹',
        '₹',
      ])
        expect(html, hidden).not.toContain(hidden);
    }
  });

  it('released on deposit under protest: "no longer in the pound", nothing of the deposit or a complaint', async () => {
    const db = web.app.deps.db;
    const c = demo[1]!;
    const now = web.clock.now();
    await db.head.updateMany({ where: { caseId: c.id }, data: { status: 'RELEASED' } });
    await db.release.create({
      data: { caseId: c.id, basis: 'S15_DEPOSIT', headCount: 1, releasedAt: new Date(now.getTime() - 2 * DAY) },
    });
    await db.case.update({ where: { id: c.id }, data: { status: 'DEPOSITED_S15' } });
    const t = tr.forLang('en');
    const { status, html } = await page(c.number);
    expect(status).toBe(200);
    expect(html).toContain(t('casepage:public.status.left'));
    for (const hidden of [t('common:status.DEPOSITED_S15'), 'protest', 's. 15', 's. 20', 'omplain', 'deposit'])
      expect(html, hidden).not.toContain(hidden);
  });

  it('a head an owner took home leaves the page as it leaves the printed notice, and so does its photo', async () => {
    const db = web.app.deps.db;
    const c = demo[0]!;
    const heads = await db.head.findMany({ where: { caseId: c.id }, orderBy: { index: 'asc' } });
    expect(heads.length).toBeGreaterThan(1);
    const [home, left] = [heads[0]!, heads[1]!];
    expect(home.description).not.toBe(left.description);
    // A photo of its own for each head, as the keeper's /photo gives.
    const keys: string[] = [];
    for (const h of [home, left]) {
      const p = await db.photo.create({
        data: {
          caseId: c.id,
          source: 'keeper',
          status: 'STORED',
          contentType: 'image/jpeg',
          bytes: JPEG,
          byteSize: JPEG.length,
        },
      });
      await db.head.update({ where: { id: h.id }, data: { photoId: p.id } });
      keys.push(p.publicKey);
    }
    const before = await page(c.number);
    expect(before.html).toContain(home.description);
    expect(before.html).toContain(`/photo/${keys[0]}`);
    await db.head.update({ where: { id: home.id }, data: { status: 'RELEASED' } });
    const after = await page(c.number);
    expect(after.status).toBe(200);
    expect(after.html).not.toContain(home.description);
    expect(after.html).toContain(left.description);
    expect(after.html).not.toContain(keys[0]);
    expect((await fetch(`${web.base}/c/${c.number}/photo/${keys[0]}`)).status).toBe(404);
    expect((await fetch(`${web.base}/c/${c.number}/photo/${keys[1]}`)).status).toBe(200);
  });

  it(`${PUBLIC_DAYS_AFTER_CUSTODY} days after the last head left, the page and its photos answer 410 Gone (en, hi)`, async () => {
    const c = demo[1]!;
    const release = await web.app.deps.db.release.findFirstOrThrow({ where: { caseId: c.id } });
    const photos = photoUrls((await page(c.number)).html);
    expect(photos.length).toBeGreaterThan(0);
    // A day before the end: still public.
    web.clock.set(new Date(release.releasedAt.getTime() + (PUBLIC_DAYS_AFTER_CUSTODY - 1) * DAY));
    expect((await page(c.number)).status).toBe(200);
    expect((await fetch(photos[0]!)).status).toBe(200);
    web.clock.set(new Date(release.releasedAt.getTime() + PUBLIC_DAYS_AFTER_CUSTODY * DAY + 60_000));
    for (const lang of ['en', 'hi'] as const) {
      const t = tr.forLang(lang);
      const { status, html, res } = await page(c.number, lang);
      expect(status).toBe(410);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(html).toContain(t('casepage:public.gone'));
      expect(html).not.toContain('<img');
      expect(html).not.toContain('black');
    }
    const img = await fetch(photos[0]!);
    expect(img.status).toBe(410);
    expect(img.headers.get('content-type')).not.toContain('image');
    // A case still in the pound is public however old it is.
    expect((await page(demo[0]!.number)).status).toBe(200);
  });
});
