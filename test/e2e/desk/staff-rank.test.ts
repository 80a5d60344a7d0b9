import { describe, expect, it } from 'vitest';
import { USER_CACHE_TTL_MS } from '../../../bot/middleware/user';
import type { AdminDeps } from '../../../src/admin/args';
import { dispatchAdmin } from '../../../src/admin/run';
import { createHttpServer, type HttpServer } from '../../../src/http/server';
import { Metrics } from '../../../src/observability/metrics';
import { Refusal } from '../../../src/services/refusal';
import { loadStaffActor, revokeStaffGrant } from '../../../src/services/staff';
import { botSuite, type BotHarness, type TestUser } from '../../support/bot-harness';
import { dbKinds } from '../../support/db';
import { enrolStaff } from '../../support/fixtures';
import { initDataFor } from '../../support/desk';
import { buttonData, inLanguage, lastText } from '../../support/press';

// Who may revoke whom, from the chat, the desk's Staff tab and the admin CLI: nobody acts on a grant above his own
// (the Magistrate's office neither lists nor revokes an administrator's grant, even one naming its pounds); an
// official's own grant goes only after he confirms; the last administrator, and with none the last Magistrate's office
// of a pound, is never removed — decided inside the revoking transaction, so two offices revoking each other at once
// leave one. Every refusal is in the audit log with who asked.

const admin: TestUser = { id: 4601, firstName: 'Admin', languageCode: 'en' };
const m1: TestUser = { id: 4602, firstName: 'Anjali', languageCode: 'en' };
const m2: TestUser = { id: 4603, firstName: 'Bharat', languageCode: 'en' };
const keeper: TestUser = { id: 4604, firstName: 'Kishan', languageCode: 'en' };

const grantOf = async (h: BotHarness, u: TestUser) =>
  h.deps.db.staffMember.findFirstOrThrow({ where: { telegramUserId: BigInt(u.id) }, orderBy: { id: 'desc' } });
const active = async (h: BotHarness, u: TestUser) => (await grantOf(h, u)).revokedAt === null;

function cli(h: BotHarness, out: string[]): AdminDeps {
  return {
    ...h.deps,
    t: h.deps.translator.forLang('en'),
    out: (l) => out.push(l),
    err: (l) => out.push(l),
    botUsername: h.deps.botUsername,
  };
}

describe('staff administration rights (chat, desk, CLI)', { timeout: 60_000 }, () => {
  const h = botSuite({
    userCacheTtlMs: USER_CACHE_TTL_MS,
    seededAt: 'now',
    staff: [
      // An administrator who also names a pound of the district: still above the Magistrate's office.
      [admin, 'ADMIN', ['JAI1'], 'Admin Singh'],
      [m1, 'MAGISTRATE', ['JAI1', 'JAI2'], 'Anjali Rao'],
      [m2, 'MAGISTRATE', ['JAI1', 'JAI2'], 'Bharat Mehta'],
      [keeper, 'POUND_KEEPER', ['JAI1'], 'Kishan Lal'],
    ],
  });
  let http: HttpServer;
  const en = (key: string, params?: Record<string, unknown>) => inLanguage(h, 'en')(key, params);
  const desk = async (u: TestUser, body?: Record<string, string>) => {
    if (!http)
      http = await createHttpServer({
        config: h.deps.config,
        deps: h.deps,
        metrics: new Metrics(),
        desk: { token: h.deps.config.BOT_TOKEN!, botUsername: () => h.deps.botUsername, perMinute: 10_000 },
      });
    const r = await http.app.inject({
      method: body ? 'POST' : 'GET',
      url: '/desk/v/staff?lang=en',
      headers: {
        'x-telegram-init-data': initDataFor(u.id, h.clock.now(), { token: h.deps.config.BOT_TOKEN! }),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { payload: { lang: 'en', ...body } } : {}),
    });
    expect(r.statusCode).toBe(200);
    return r.body;
  };
  const refusedAudits = () => h.deps.db.auditEvent.findMany({ where: { action: 'staff.revoke_refused' } });

  it("the Magistrate's office neither lists nor revokes an administrator's grant", async () => {
    const a = await grantOf(h, admin);
    await h.send(m1, '/staff');
    const list = lastText(h, m1);
    expect(list).toContain('Kishan Lal');
    expect(list).toContain(`Anjali Rao ${en('desk:revoke_self.you')}`);
    expect(list).not.toContain('Admin Singh');
    await h.send(m1, `/revoke ${a.id}`);
    expect(lastText(h, m1)).toBe(en('refusal:STAFF_REVOKE_ABOVE'));

    expect(await desk(m1)).not.toContain('Admin Singh');
    expect(await desk(m1, { op: 'revoke', staff: String(a.id) })).toContain(
      en('refusal:STAFF_REVOKE_ABOVE').replaceAll("'", '&#39;'),
    );
    expect(await active(h, admin)).toBe(true);
    const refused = await refusedAudits();
    expect(refused.map((e) => [e.actorTelegramId, (e.details as { reason: string }).reason])).toEqual([
      [BigInt(m1.id), 'STAFF_REVOKE_ABOVE'],
      [BigInt(m1.id), 'STAFF_REVOKE_ABOVE'],
    ]);
    // The administrator lists everyone, himself too.
    await h.send(admin, '/staff');
    expect(lastText(h, admin)).toContain(`Admin Singh ${en('desk:revoke_self.you')}`);
  });

  it('his own grant from the chat goes only after he taps the signed confirmation', async () => {
    const own = await grantOf(h, m1);
    await h.send(m1, `/revoke ${own.id}`);
    expect(lastText(h, m1)).toBe(
      en('desk:revoke_self.ask', { id: own.id, role: en('common:role.magistrate'), pounds: 'JAI1, JAI2' }),
    );
    expect(await active(h, m1)).toBe(true);
    const yes = buttonData(h, m1, en('desk:revoke_self.yes'));
    // An altered button (another grant's number under the same signature) does nothing.
    const forged = yes.data.replace(`|${own.id}|`, `|${(await grantOf(h, keeper)).id}|`);
    expect(forged).not.toBe(yes.data);
    await h.tap(m1, forged, yes.messageId);
    expect(await active(h, m1)).toBe(true);
    expect(await active(h, keeper)).toBe(true);
    await h.tap(m1, yes.data, yes.messageId);
    expect(lastText(h, m1)).toBe(en('desk:staff.revoked', { name: 'Anjali Rao' }));
    expect(await active(h, m1)).toBe(false);
    const audit = await h.deps.db.auditEvent.findFirstOrThrow({
      where: { action: 'staff.revoke' },
      orderBy: { id: 'desc' },
    });
    expect([audit.actorTelegramId, audit.actorStaffId, audit.actorRole]).toEqual([BigInt(m1.id), own.id, 'magistrate']);
  });

  it('his own grant from the desk goes only after the second step', async () => {
    const own = await grantOf(h, m2);
    const asked = await desk(m2, { op: 'revoke', staff: String(own.id) });
    expect(asked).toContain(en('refusal:STAFF_REVOKE_SELF_UNCONFIRMED'));
    expect(asked).toContain('name="confirm" value="1"');
    expect(await active(h, m2)).toBe(true);
    expect(await desk(m2, { op: 'revoke', staff: String(own.id), confirm: '1' })).toContain(
      en('desk:staff.revoked', { name: 'Bharat Mehta' }),
    );
    expect(await active(h, m2)).toBe(false);
  });

  it('the admin CLI does not revoke the last administrator, and says why', async () => {
    const out: string[] = [];
    expect(await dispatchAdmin(cli(h, out), ['revoke', '--user', String(admin.id)])).toBe(1);
    expect(out).toEqual([en('refusal:STAFF_LAST_ADMIN')]);
    expect(await active(h, admin)).toBe(true);
    const refused = (await refusedAudits()).at(-1)!;
    expect([refused.actorRole, (refused.details as { reason: string }).reason]).toEqual(['admin', 'STAFF_LAST_ADMIN']);
    await http?.app.close();
  });
});

for (const kind of await dbKinds()) {
  describe(`a pound keeps someone to administer it (${kind})`, { timeout: 60_000 }, () => {
    const h = botSuite({
      dbKind: kind,
      seededAt: 'now',
      staff: [
        [m1, 'MAGISTRATE', ['JAI1', 'JAI2'], 'Anjali Rao'],
        [m2, 'MAGISTRATE', ['JAI1', 'JAI2'], 'Bharat Mehta'],
      ],
    });

    it("two Magistrate's offices revoking each other at once leave one of them", async () => {
      const db = h.deps.db;
      const via = (id: number) => ({ telegramId: BigInt(id), chatId: id, messageId: null });
      // Round after round a fresh pair, alone at the district's pounds (the last round's one left is retired first),
      // each revoking the other at the same moment: one of them stays, the other is refused in words.
      for (let round = 0; round < 12; round++) {
        await db.staffMember.updateMany({
          where: { role: 'MAGISTRATE', revokedAt: null },
          data: { revokedAt: h.clock.now() },
        });
        const [x, y] = [4700 + 2 * round, 4701 + 2 * round];
        await enrolStaff(db, x, 'MAGISTRATE', ['JAI1', 'JAI2'], `Magistrate ${x}`);
        await enrolStaff(db, y, 'MAGISTRATE', ['JAI1', 'JAI2'], `Magistrate ${y}`);
        const grant = async (id: number) =>
          (await db.staffMember.findFirstOrThrow({ where: { telegramUserId: BigInt(id), revokedAt: null } })).id;
        const [gx, gy] = [await grant(x), await grant(y)];
        const [ax, ay] = [await loadStaffActor(db, via(x)), await loadStaffActor(db, via(y))];
        const now = h.clock.now();
        const results = await Promise.allSettled([
          revokeStaffGrant(db, ax, gy, now),
          revokeStaffGrant(db, ay, gx, now),
        ]);
        expect(
          results.filter((r) => r.status === 'fulfilled'),
          `round ${round}`,
        ).toHaveLength(1);
        // The other is refused in words (he administers nothing now), not a deadlock broken by the database.
        const refused = results.find((r) => r.status === 'rejected')!.reason;
        expect(refused, `round ${round}`).toBeInstanceOf(Refusal);
        expect((refused as Refusal).code).toBe('STAFF_ADMIN_NOT_ALLOWED');
        expect(await db.staffMember.count({ where: { role: 'MAGISTRATE', revokedAt: null } })).toBe(1);
      }
      // The suite's own two come back for the next test.
      await db.staffMember.updateMany({
        where: { role: 'MAGISTRATE', revokedAt: null },
        data: { revokedAt: h.clock.now() },
      });
      await db.staffMember.updateMany({
        where: { telegramUserId: { in: [BigInt(m1.id), BigInt(m2.id)] } },
        data: { revokedAt: null },
      });
      await revokeStaffGrant(db, await loadStaffActor(db, via(m2.id)), (await grantOf(h, m1)).id, h.clock.now());
    });

    it('the last one is kept, from the chat and from the CLI, with the pounds it would leave', async () => {
      const last = (await active(h, m1)) ? m1 : m2;
      const own = await grantOf(h, last);
      // Refused at once: not asked to confirm what could not be done.
      await h.send(last, `/revoke ${own.id}`);
      const pounds = 'JAI1, JAI2';
      expect(lastText(h, last)).toBe(inLanguage(h, 'en')('refusal:STAFF_LAST_MAGISTRATE', { pounds }));
      const out: string[] = [];
      expect(await dispatchAdmin(cli(h, out), ['revoke', '--user', String(last.id)])).toBe(1);
      expect(out).toEqual([inLanguage(h, 'en')('refusal:STAFF_LAST_MAGISTRATE', { pounds })]);
      expect(await active(h, last)).toBe(true);
    });
  });
}
