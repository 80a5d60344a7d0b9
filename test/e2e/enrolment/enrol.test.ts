import { staffCommandsFor } from '../../../bot/commands';
import { describe, expect, it } from 'vitest';
import { issueEnrolmentCode, revokeStaff } from '../../../src/services/staff';
import { botSuite } from '../../support/bot-harness';

describe('enrolment through /start enrol_<code> (e2e)', () => {
  const h = botSuite({ seededAt: 'now' });

  const issue = (
    role: 'POUND_KEEPER' | 'OFFICER' | 'MAGISTRATE' | 'ADMIN',
    poundCodes: string[],
    ttlHours = 72,
    name?: string,
  ) => issueEnrolmentCode(h.deps.db, { role, poundCodes, ttlHours, now: h.clock.now(), ...(name ? { name } : {}) });

  it.each([
    ['POUND_KEEPER', 'pound_keeper', ['JAI1'], 1101],
    ['OFFICER', 'officer', ['JAI1', 'JAI2'], 1102],
    ['MAGISTRATE', 'magistrate', ['JAI1', 'JAI2', 'PUN1'], 1103],
    ['ADMIN', 'admin', [], 1104],
  ] as const)('binds the numeric user id to %s for its pounds', async (role, roleName, pounds, userId) => {
    const { code } = await issue(role, [...pounds], 72, `Staff ${userId}`);
    const user = { id: userId, firstName: 'Asha', languageCode: 'en' };
    const update = await h.send(user, `/start enrol_${code}`);
    const reply = h.api.lastTo(userId)!.text;
    expect(reply).toContain(
      h.deps.translator.t('en', 'staff:enrol.done', {
        name: `Staff ${userId}`,
        role: h.deps.translator.t('en', `common:role.${roleName}`),
      }),
    );
    expect(reply).toContain(h.deps.translator.t('en', `staff:enrol.notes.${roleName}`));
    // The welcome lists every command of the role's menu, each with what it does.
    for (const command of staffCommandsFor(role)) {
      expect(reply).toContain(
        h.deps.translator.t('en', 'officer:help.line', {
          command,
          description: h.deps.translator.t('en', `common:commands.${command}`),
        }),
      );
    }
    const staff = await h.deps.db.staffMember.findMany({
      where: { telegramUserId: BigInt(userId) },
      include: { pounds: { include: { pound: true } } },
    });
    expect(staff).toHaveLength(1);
    expect(staff[0]!.role).toBe(role);
    expect(staff[0]!.pounds.map((p) => p.pound.code).sort()).toEqual([...pounds].sort());
    const menu = h.api.calls.filter((c) => c.method === 'setMyCommands' && c.payload.scope?.chat_id === userId).at(-1);
    expect(menu!.payload.commands.map((c: { command: string }) => c.command)).toContain(
      role === 'POUND_KEEPER' ? 'register' : 'register_export',
    );
    const audit = await h.deps.db.auditEvent.findFirst({
      where: { action: 'staff.enrol', actorTelegramId: BigInt(userId) },
    });
    expect(audit?.messageId).toBe((update.message as { message_id: number }).message_id);
    expect(audit?.actorStaffId).toBe(staff[0]!.id);
  });

  it('refuses a code used a second time, by anyone, and binds nothing', async () => {
    const { code } = await issue('POUND_KEEPER', ['JAI2']);
    await h.send({ id: 1201, firstName: 'First' }, `/start enrol_${code}`);
    await h.send({ id: 1202, firstName: 'Second', languageCode: 'hi' }, `/start enrol_${code}`);
    expect(h.api.lastTo(1202)!.text).toBe(h.deps.translator.t('hi', 'refusal:ENROL_CODE_USED'));
    expect(await h.deps.db.staffMember.count({ where: { telegramUserId: 1202n } })).toBe(0);
    // The first user replaying their own link gets the same refusal and still exactly one grant.
    await h.send({ id: 1201, firstName: 'First' }, `/start enrol_${code}`);
    expect(h.api.lastTo(1201)!.text).toBe(h.deps.translator.t('en', 'refusal:ENROL_CODE_USED'));
    expect(await h.deps.db.staffMember.count({ where: { telegramUserId: 1201n } })).toBe(1);
  });

  it('refuses an expired code', async () => {
    const { code } = await issue('OFFICER', ['JAI1'], 1);
    h.clock.advance(61 * 60_000);
    await h.send({ id: 1301, firstName: 'Late' }, `/start enrol_${code}`);
    expect(h.api.lastTo(1301)!.text).toBe(h.deps.translator.t('en', 'refusal:ENROL_CODE_EXPIRED'));
    expect(await h.deps.db.staffMember.count({ where: { telegramUserId: 1301n } })).toBe(0);
  });

  it('refuses a made-up code and a revoked one', async () => {
    await h.send({ id: 1401, firstName: 'Guess' }, '/start enrol_ABCDEFGHJK');
    expect(h.api.lastTo(1401)!.text).toBe(h.deps.translator.t('en', 'refusal:ENROL_CODE_INVALID'));
    const { id, code } = await issue('MAGISTRATE', ['JAI1']);
    await h.deps.db.enrolmentCode.update({ where: { id }, data: { revokedAt: h.clock.now() } });
    await h.send({ id: 1402, firstName: 'Revoked' }, `/start enrol_${code}`);
    expect(h.api.lastTo(1402)!.text).toBe(h.deps.translator.t('en', 'refusal:ENROL_CODE_REVOKED'));
    expect(await h.deps.db.staffMember.count({ where: { telegramUserId: { in: [1401n, 1402n] } } })).toBe(0);
  });

  it('a revoked keeper can no longer act', async () => {
    const { code } = await issue('POUND_KEEPER', ['JAI1']);
    const user = { id: 1501, firstName: 'Gone', languageCode: 'en' };
    await h.send(user, `/start enrol_${code}`);
    await h.send(user, '/pending');
    expect(h.api.lastTo(user.id)!.text).toBe(h.deps.translator.t('en', 'staff:pending.none'));
    expect(await revokeStaff(h.deps.db, { telegramId: BigInt(user.id), now: h.clock.now() })).toBe(1);
    await h.send(user, '/pending');
    expect(h.api.lastTo(user.id)!.text).toBe(h.deps.translator.t('en', 'common:error.not_allowed'));
    await h.send(user, '/register');
    expect(h.api.lastTo(user.id)!.text).toBe(h.deps.translator.t('en', 'common:error.not_allowed'));
  });

  it('stores only a hash of the code', async () => {
    const { id, code } = await issue('POUND_KEEPER', ['JAI1']);
    const row = await h.deps.db.enrolmentCode.findUniqueOrThrow({ where: { id } });
    expect(row.codeHash).not.toContain(code);
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });
});
