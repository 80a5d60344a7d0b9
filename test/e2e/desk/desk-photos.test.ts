import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTranslator, type Translator } from '../../../src/i18n';
import { startDeskWorld, type DeskWorld } from '../../support/desk';
import { hugePng, junkJpeg, phoneJpeg } from '../../support/photo-files';

// The seizure form's photos over real HTTP: a phone's full-size photo (a browser that could not shrink it) is
// accepted and kept cleaned; what does not decode, is too large or declares too many pixels is refused beside its
// field, in the keeper's language, with the form as he typed it, and nothing saved.

describe('staff desk: photos on the seizure form (HTTP)', { timeout: 120_000 }, () => {
  let w: DeskWorld;
  let tr: Translator;
  beforeAll(async () => {
    tr = await createTranslator();
    w = await startDeskWorld();
  }, 180_000);
  afterAll(async () => {
    await w?.close();
  });

  const form = async (lang: 'en' | 'hi') => {
    const html = await (
      await fetch(`${w.base}/desk/v/seize?lang=${lang}`, { headers: { 'x-telegram-init-data': w.initData('keeper') } })
    ).text();
    const key = /name="key" value="([0-9a-f-]{36})"/.exec(html)?.[1];
    return {
      key,
      lang,
      pound: String(w.pounds.JAI1),
      impounded: '2026-11-29T11:30',
      class1: 'cow',
      count1: '1',
      desc1: 'red cow, white patch on the forehead',
      class2: 'buffalo',
      count2: '2',
      desc2: 'two black buffaloes',
      place: 'Jaisinghpura',
      seizer: 'Ram Niwas',
      seizer_residence: 'Jaisinghpura',
    };
  };
  const post = (body: unknown) =>
    fetch(`${w.base}/desk/v/seize`, {
      method: 'POST',
      headers: { 'x-telegram-init-data': w.initData('keeper'), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it("accepts a phone's 12 MP photo of 4 MB sent as it is, and keeps it upright, 1600 px, without its EXIF", async () => {
    const photo = await phoneJpeg(4000, 3000, 6);
    expect(photo.length).toBeGreaterThan(3_000_000);
    const before = await w.app.deps.db.case.count();
    const r = await post({ ...(await form('en')), photo1: photo.toString('base64') });
    expect(r.status, w.errors()).toBe(200);
    expect(await w.app.deps.db.case.count()).toBe(before + 1);
    const c = await w.app.deps.db.case.findFirstOrThrow({ orderBy: { id: 'desc' }, include: { heads: true } });
    expect(await r.text()).toContain(c.number);
    const p = await w.app.deps.db.photo.findFirstOrThrow({ where: { caseId: c.id } });
    const m = await sharp(Buffer.from(p.bytes!)).metadata();
    expect([p.contentType, m.width, m.height, m.exif, m.orientation]).toEqual([
      'image/jpeg',
      1200,
      1600,
      undefined,
      undefined,
    ]);
    expect(c.heads.map((h) => h.photoId)).toEqual([p.id, null, null]);
  });

  it('refuses a photo that does not decode beside its field, keeps what was typed, saves nothing (en and hi)', async () => {
    for (const lang of ['en', 'hi'] as const) {
      const t = tr.forLang(lang);
      const body = await form(lang);
      const before = await w.app.deps.db.case.count();
      const r = await post({ ...body, photo2: junkJpeg().toString('base64') });
      expect(r.status, w.errors()).toBe(422);
      const html = await r.text();
      const esc = (s: string) => s.replace(/"/g, '&#34;').replace(/'/g, '&#39;');
      expect(html).toContain(
        `<span class="bad field-problem" id="photo2-problem" role="alert">${esc(t('photos:problem.not_an_image'))}</span>`,
      );
      expect(html).toContain('<span class="bad field-problem" id="photo1-problem" role="alert"></span>');
      expect(html).toContain(esc(t('desk:upload.refused')));
      for (const typed of [body.desc1, body.desc2, body.place, body.seizer, body.key!])
        expect(html).toContain(`value="${typed}"`);
      expect(await w.app.deps.db.case.count()).toBe(before);
    }
  });

  it('refuses a PNG declaring 20000 × 20000 px at once, and a photo over 16 MB beside its field (not a bare 400)', async () => {
    const t = tr.forLang('en');
    const huge = await post({ ...(await form('en')), photo1: (await hugePng()).toString('base64') });
    expect(huge.status, w.errors()).toBe(422);
    expect(await huge.text()).toContain(`id="photo1-problem" role="alert">${t('photos:problem.too_many_pixels')}<`);
    // Refused from its header, never decoded: test/integration/photo-clean.test.ts shows it (no time is asserted here).
    const big = Buffer.alloc(16 * 1024 * 1024 + 10, 0xab);
    const tooBig = await post({ ...(await form('en')), photo2: big.toString('base64') });
    expect(tooBig.status, w.errors()).toBe(422);
    expect(await tooBig.text()).toContain(`id="photo2-problem" role="alert">${t('photos:problem.too_big')}<`);
  });
});
