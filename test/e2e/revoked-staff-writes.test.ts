import { describe, expect, it } from 'vitest';
import { USER_CACHE_TTL_MS } from '../../bot/middleware/user';
import type { AdminDeps } from '../../src/admin/args';
import { dispatchAdmin } from '../../src/admin/run';
import { openDatabase } from '../../src/db';
import { createHttpServer, type HttpServer } from '../../src/http/server';
import { Metrics } from '../../src/observability/metrics';
import { createBotHarness, botSuite, type BotHarness, type TestUser } from '../support/bot-harness';
import { caseFixture } from '../support/case-builder';
import { dbKinds, type DbKind } from '../support/db';
import { initDataFor } from '../support/desk';
import { inLanguage, lastText, press } from '../support/press';

// A keeper revoked through the desk's Staff tab, the chat's /revoke (in this bot process, and in another one) or the
// admin CLI can write nothing from the moment the revocation commits — although the bot serving him still holds his
// grants in its user cache (bot/middleware/user.ts, USER_CACHE_TTL_MS): a revocation elsewhere does not clear it, and
// it must not matter. Each of his writes is begun before the revocation and finished after it: refused, and nothing
// it would have written is there (no photo, no owner's mobile, no SMS queued, no audit line). A Magistrate's office
// revoked likewise issues no enrolment code and revokes nobody.

const keeper: TestUser = { id: 4501, firstName: 'Mohan', languageCode: 'en' };
const magistrate: TestUser = { id: 4502, firstName: 'Anjali', languageCode: 'en' };
/** A second Magistrate's office, revoked while its grants are cached. */
const office: TestUser = { id: 4504, firstName: 'Vikram', languageCode: 'en' };
const KEY = Buffer.alloc(32, 42).toString('base64');
const PUBLIC_URL = 'https://kanji.example.in';
const OWNER_MOBILE = '7000012345';

interface World {
  h: BotHarness;
  /** The bot process the Magistrate's office uses for /revoke (another one than the keeper's, where it can be). */
  other: BotHarness;
  http: HttpServer;
  caseId: number;
  number: string;
}

/** The last inline button the bot sent `user` (its data and message). */
function firstButton(h: BotHarness, user: TestUser): { data: string; messageId: number } {
  for (const m of h.api.sentTo(user.id).reverse()) {
    const b = (
      m.payload.reply_markup?.inline_keyboard as Array<Array<{ callback_data?: string }>> | undefined
    )?.[0]?.[0];
    if (b?.callback_data) return { data: b.callback_data, messageId: m.messageId };
  }
  throw new Error('no button sent');
}

/** What any of the keeper's writes would leave behind. */
async function written(w: World) {
  const db = w.h.deps.db;
  return {
    photos: await db.photo.count({ where: { caseId: w.caseId } }),
    headPhotos: (await db.head.findMany({ where: { caseId: w.caseId }, select: { photoId: true } })).map(
      (x) => x.photoId,
    ),
    mobiles: await db.ownerMobile.count(),
    outbox: await db.outboxEntry.count(),
    audit: await db.auditEvent.count({ where: { action: { notIn: ['staff.revoke', 'staff.revoke_refused'] } } }),
  };
}

/** Each staff write from the chat: begun (up to its last step) before the revocation, finished after it. */
const WRITES: Array<{ name: string; begin(w: World): Promise<void>; finish(w: World): Promise<void> }> = [
  {
    name: '/photo (replace a group’s photo)',
    async begin(w) {
      await w.h.send(keeper, `/photo ${w.number}`);
      const up = w.h.api.registerUploadBytes(Buffer.from('not looked at before the right is'), 'cow.jpg');
      await w.h.send(keeper, '', {
        photo: [{ file_id: up.fileId, file_unique_id: up.fileUniqueId, width: 96, height: 64, file_size: up.size }],
      } as never);
      expect(lastText(w.h, keeper)).toBe(inLanguage(w.h, 'en')('photos:keeper.which', { number: w.number }));
    },
    async finish(w) {
      const group = firstButton(w.h, keeper);
      await w.h.tap(keeper, group.data, group.messageId);
    },
  },
  {
    name: '/mobile (record an owner’s mobile, which queues an SMS)',
    async begin(w) {
      await w.h.send(keeper, `/mobile ${w.number}`);
      await w.h.send(keeper, OWNER_MOBILE);
    },
    async finish(w) {
      await press(w.h, keeper, inLanguage(w.h, 'en')('sms:record.en'));
    },
  },
];

/** Each way a grant is revoked, all by the District Magistrate's office except the CLI's. */
const REVOCATIONS: Array<{ name: string; revoke(w: World, staffId: number): Promise<void> }> = [
  {
    name: 'the desk’s Staff tab',
    async revoke(w, staffId) {
      const r = await w.http.app.inject({
        method: 'POST',
        url: '/desk/v/staff',
        headers: {
          'x-telegram-init-data': initDataFor(magistrate.id, w.h.clock.now(), { token: w.h.deps.config.BOT_TOKEN! }),
          'content-type': 'application/json',
        },
        payload: { op: 'revoke', staff: String(staffId), lang: 'en' },
      });
      expect(r.statusCode).toBe(200);
      expect(r.body).toContain(inLanguage(w.h, 'en')('desk:staff.revoked', { name: 'Mohan Lal' }));
    },
  },
  {
    name: 'the chat’s /revoke',
    async revoke(w, staffId) {
      await w.other.send(magistrate, `/revoke ${staffId}`);
      expect(lastText(w.other, magistrate)).toBe(inLanguage(w.h, 'en')('desk:staff.revoked', { name: 'Mohan Lal' }));
    },
  },
  {
    name: 'the admin CLI',
    async revoke(w) {
      const out: string[] = [];
      const deps: AdminDeps = {
        ...w.h.deps,
        t: w.h.deps.translator.forLang('en'),
        out: (l) => out.push(l),
        err: (l) => out.push(l),
        botUsername: w.h.deps.botUsername,
      };
      expect(await dispatchAdmin(deps, ['revoke', '--user', String(keeper.id)]), out.join('\n')).toBe(0);
    },
  },
];

function suite(kind: DbKind, twoProcesses: boolean) {
  const h = botSuite({
    dbKind: kind,
    userCacheTtlMs: USER_CACHE_TTL_MS,
    seededAt: 'now',
    env: { SMS_PROVIDER: 'fake', SMS_DATA_KEY: KEY, PUBLIC_URL },
    staff: [
      [keeper, 'POUND_KEEPER', ['JAI1'], 'Mohan Lal'],
      [magistrate, 'MAGISTRATE', ['JAI1', 'JAI2'], 'Anjali Rao'],
      [4503, 'ADMIN', []],
      [office, 'MAGISTRATE', ['JAI1', 'JAI2'], 'Vikram Joshi'],
    ],
  });
  const w = {} as World;

  it('starts the desk over HTTP and, where the database allows, a second bot process', async () => {
    w.h = h;
    w.http = await createHttpServer({
      config: h.deps.config,
      deps: h.deps,
      metrics: new Metrics(),
      desk: { token: h.deps.config.BOT_TOKEN!, botUsername: () => h.deps.botUsername, perMinute: 10_000 },
    });
    if (twoProcesses && h.db.target.kind === 'postgres') {
      // Its own client and pool on the same database: its own user cache, as another process has.
      const db = await openDatabase(h.db.target);
      w.other = await createBotHarness({
        db: { ...db, destroy: () => db.close() },
        userCacheTtlMs: USER_CACHE_TTL_MS,
        firstUpdateId: 1_000_000,
        env: { SMS_PROVIDER: 'fake', SMS_DATA_KEY: KEY, PUBLIC_URL },
      });
    } else w.other = h;
    const c = await caseFixture(h.deps.db, {
      pound: 'JAI1',
      impoundedAt: '2026-11-28T09:00:00+05:30',
      heads: [['cow', 'brown Rathi cow']],
    }).build();
    w.caseId = c.id;
    w.number = c.number;
  });

  for (const write of WRITES)
    for (const how of REVOCATIONS)
      it(`${write.name}, revoked through ${how.name}: refused, nothing written`, async () => {
        const grant = await h.deps.db.staffMember.findFirstOrThrow({ where: { telegramUserId: BigInt(keeper.id) } });
        await h.deps.db.staffMember.update({ where: { id: grant.id }, data: { revokedAt: null } });
        // A fresh look at his grants (this bot's cache has them from here on), then his write begins.
        h.bot.users.forget(keeper.id);
        await h.send(keeper, '/cancel');
        await write.begin(w);
        const before = await written(w);
        await how.revoke(w, grant.id);
        expect((await h.deps.db.staffMember.findUniqueOrThrow({ where: { id: grant.id } })).revokedAt).not.toBeNull();
        await write.finish(w);
        const en = inLanguage(h, 'en');
        expect([en('common:error.not_allowed'), en('refusal:NOT_ALLOWED')]).toContain(lastText(h, keeper));
        expect(await written(w)).toEqual(before);
      });

  it("a revoked Magistrate's office, grants cached, issues no code and revokes nobody", async () => {
    const en = inLanguage(h, 'en');
    await h.deps.db.staffMember.updateMany({ where: { telegramUserId: BigInt(keeper.id) }, data: { revokedAt: null } });
    const keeperGrant = await h.deps.db.staffMember.findFirstOrThrow({ where: { telegramUserId: BigInt(keeper.id) } });
    await h.send(office, '/staff');
    expect(lastText(h, office)).toContain('Mohan Lal');
    const out: string[] = [];
    const deps: AdminDeps = {
      ...h.deps,
      t: h.deps.translator.forLang('en'),
      out: (l) => out.push(l),
      err: (l) => out.push(l),
      botUsername: h.deps.botUsername,
    };
    expect(await dispatchAdmin(deps, ['revoke', '--user', String(office.id)]), out.join('\n')).toBe(0);
    const codes = await h.deps.db.enrolmentCode.count();
    await h.send(office, '/enrol keeper JAI1');
    expect(lastText(h, office)).toBe(en('refusal:STAFF_ADMIN_NOT_ALLOWED'));
    await h.send(office, `/revoke ${keeperGrant.id}`);
    expect(lastText(h, office)).toBe(en('refusal:STAFF_ADMIN_NOT_ALLOWED'));
    await h.send(office, '/staff');
    expect(lastText(h, office)).toBe(en('desk:chat.admin_only'));
    expect(await h.deps.db.enrolmentCode.count()).toBe(codes);
    expect((await h.deps.db.staffMember.findUniqueOrThrow({ where: { id: keeperGrant.id } })).revokedAt).toBeNull();
  });

  it('closes the desk and the second process', async () => {
    await w.http.app.close();
    if (w.other !== h) await w.other.close();
  });
}

for (const kind of await dbKinds()) {
  describe(`a revoked keeper writes nothing, his grants cached (${kind})`, { timeout: 60_000 }, () => {
    suite(kind, kind === 'postgres');
  });
}
