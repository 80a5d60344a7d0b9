import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_CACHE_TTL_MS } from '../../../bot/middleware/user';
import { createBotHarness, type BotHarness } from '../../support/bot-harness';
import { enrolStaff, seed } from '../../support/fixtures';
import { inLanguage, lastText, press } from '../../support/press';

// Staff administration from the chat while the bot runs on the embedded database (where the admin CLI must not run
// beside it): an administrator enrols a keeper with /enrol, the keeper redeems the code, /staff lists him, /revoke
// ends his grant — and his very next tap is refused, with the bot's in-process user cache on, as in production.

describe('/enrol, /staff, /revoke from the chat (e2e, PGlite)', { timeout: 60_000 }, () => {
  let h: BotHarness;
  const admin = { id: 6101, firstName: 'Admin', languageCode: 'en' };
  const magistrate = { id: 6102, firstName: 'Anjali', languageCode: 'en' };
  const keeper = { id: 6103, firstName: 'Kishan', languageCode: 'en' };
  const officer = { id: 6104, firstName: 'Meena', languageCode: 'en' };
  let en: (key: string, params?: Record<string, unknown>) => string;

  beforeAll(async () => {
    h = await createBotHarness({ dbKind: 'pglite', userCacheTtlMs: USER_CACHE_TTL_MS });
    await seed(h.deps.db, h.clock.now());
    await enrolStaff(h.deps.db, admin.id, 'ADMIN', []);
    await enrolStaff(h.deps.db, magistrate.id, 'MAGISTRATE', ['JAI1', 'JAI2']);
    await enrolStaff(h.deps.db, officer.id, 'OFFICER', ['JAI1']);
    en = inLanguage(h, 'en');
  });
  afterAll(() => h?.close());

  it('enrols a keeper, who redeems the code; a revoke takes effect at his next tap', async () => {
    const codesBefore = await h.deps.db.enrolmentCode.count();
    await h.send(admin, '/enrol keeper JAI1 Kishan Lal');
    const issued = lastText(h, admin);
    const code = /enrol_([3-9A-Z]{10})/.exec(issued)?.[1];
    expect(code, issued).toBeDefined();
    expect(issued).toContain(en('common:role.pound_keeper'));
    expect(await h.deps.db.enrolmentCode.count()).toBe(codesBefore + 1);
    const audit = await h.deps.db.auditEvent.findFirstOrThrow({ where: { action: 'staff.enrol_issued' } });
    expect(audit.actorTelegramId).toBe(BigInt(admin.id));
    expect(JSON.stringify(audit.details)).not.toContain(code!);

    // The keeper redeems it through the same /start enrol_<code> as a CLI code.
    await h.send(keeper, `/start enrol_${code}`);
    expect(lastText(h, keeper)).toContain(
      en('staff:enrol.done', { name: 'Kishan Lal', role: en('common:role.pound_keeper') }),
    );
    // He starts an entry: the class buttons come.
    await h.send(keeper, '/register');
    expect(lastText(h, keeper)).toBe(en('staff:register.ask.class_first'));

    await h.send(admin, '/staff');
    const list = lastText(h, admin);
    const grant = await h.deps.db.staffMember.findFirstOrThrow({ where: { telegramUserId: BigInt(keeper.id) } });
    expect(list).toContain(`#${grant.id} Kishan Lal`);

    await h.send(admin, `/revoke ${grant.id}`);
    expect(lastText(h, admin)).toBe(en('desk:staff.revoked', { name: 'Kishan Lal' }));
    // His next tap on the entry he had begun: refused, nothing recorded.
    await press(h, keeper, en('common:cattle.cow'));
    expect(lastText(h, keeper)).toBe(en('common:error.not_allowed'));
    await h.send(keeper, '/register');
    expect(lastText(h, keeper)).toBe(en('common:error.not_allowed'));
    const revokedAudit = await h.deps.db.auditEvent.findFirstOrThrow({ where: { action: 'staff.revoke' } });
    expect(revokedAudit.actorTelegramId).toBe(BigInt(admin.id));
  });

  it("keeps the Magistrate's office to its district and refuses everyone else", async () => {
    const before = await h.deps.db.enrolmentCode.count();
    await h.send(magistrate, '/enrol officer PUN1');
    expect(lastText(h, magistrate)).toBe(en('refusal:ENROL_UNKNOWN_POUND'));
    await h.send(magistrate, '/enrol chief JAI1');
    expect(lastText(h, magistrate)).toBe(en('desk:chat.enrol_usage'));
    await h.send(magistrate, '/enrol officer JAI2');
    expect(lastText(h, magistrate)).toContain('enrol_');
    for (const who of [keeper, officer]) {
      for (const cmd of ['/enrol keeper JAI1', '/staff', '/revoke 1']) {
        await h.send(who, cmd);
        expect(lastText(h, who), `${who.id} ${cmd}`).toBe(
          who === keeper ? en('common:error.not_allowed') : en('desk:chat.admin_only'),
        );
      }
    }
    expect(await h.deps.db.enrolmentCode.count()).toBe(before + 1);
    // The admin's grant is above the magistrate's: not his to revoke.
    const adminGrant = await h.deps.db.staffMember.findFirstOrThrow({ where: { telegramUserId: BigInt(admin.id) } });
    await h.send(magistrate, `/revoke ${adminGrant.id}`);
    expect(lastText(h, magistrate)).toBe(en('refusal:STAFF_REVOKE_ABOVE'));
    expect((await h.deps.db.staffMember.findUniqueOrThrow({ where: { id: adminGrant.id } })).revokedAt).toBeNull();
    await h.send(magistrate, '/revoke twelve');
    expect(lastText(h, magistrate)).toBe(en('desk:chat.revoke_usage'));
  });

  it('caps the codes one official issues in an hour', async () => {
    const before = await h.deps.db.enrolmentCode.count();
    const issuedSoFar = await h.deps.db.auditEvent.count({
      where: { action: 'staff.enrol_issued', actorTelegramId: BigInt(admin.id) },
    });
    for (let i = issuedSoFar; i < 10; i++) await h.send(admin, '/enrol officer JAI1');
    expect(await h.deps.db.enrolmentCode.count()).toBe(before + 10 - issuedSoFar);
    await h.send(admin, '/enrol officer JAI1');
    expect(lastText(h, admin)).toMatch(/Too many codes issued in the last hour/);
    expect(await h.deps.db.enrolmentCode.count()).toBe(before + 10 - issuedSoFar);
  });
});
