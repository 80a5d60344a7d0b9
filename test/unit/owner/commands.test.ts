import { describe, expect, it } from 'vitest';
import { Api } from 'grammy';
import { OWNER_COMMANDS, registerCommandMenus, staffCommandsFor, STAFF_COMMANDS } from '../../../bot/commands';
import { createConfig } from '../../../src/config';
import { createTranslator, type Translator } from '../../../src/i18n';
import { suiteDatabase } from '../../support/db';
import { FakeBotApi } from '../../support/fake-bot-api';
import { enrolStaff, seed } from '../../support/fixtures';

describe('command menus per language and role', () => {
  let translator: Translator;
  const db = suiteDatabase('pglite', async () => {
    await seed(db.prisma, new Date('2026-11-29T10:00:00+05:30'));
    translator = await createTranslator({ strict: true });
  });

  it('gives each role only its staff commands; admins get all', () => {
    expect(staffCommandsFor('POUND_KEEPER')).toEqual([
      'register',
      'pending',
      'release',
      'refusal',
      'orders',
      'register_export',
    ]);
    expect(staffCommandsFor('OFFICER')).toContain('notice');
    expect(staffCommandsFor('OFFICER')).not.toContain('register');
    expect(staffCommandsFor('MAGISTRATE')).toEqual(expect.arrayContaining(['orders', 'outcome']));
    expect(staffCommandsFor('ADMIN')).toEqual([...STAFF_COMMANDS]);
  });

  it('registers the default-language, Hindi and English menus for owners, and chat menus for staff (revoked staff back to owner only)', async () => {
    await enrolStaff(db.prisma, 8801, 'POUND_KEEPER', ['JAI1']);
    await db.prisma.telegramUser.update({ where: { id: 8801n }, data: { languageCode: 'hi' } });
    const revoked = await enrolStaff(db.prisma, 8802, 'OFFICER', ['JAI1']);
    await db.prisma.staffMember.update({ where: { id: revoked.id }, data: { revokedAt: new Date() } });
    const fake = new FakeBotApi();
    const config = createConfig({ DEFAULT_LANGUAGE: 'hi' });
    await registerCommandMenus(new Api('1:x', fake.client), { db: db.prisma, translator, config });
    const calls = fake.calls.filter((c) => c.method === 'setMyCommands');
    const names = (i: number) => calls[i]!.payload.commands.map((c: { command: string }) => c.command);

    expect(calls[0]!.payload.scope).toBeUndefined();
    expect(names(0)).toEqual([...OWNER_COMMANDS]);
    // No language code (or one we have no texts in): DEFAULT_LANGUAGE, as the replies (userLanguage).
    expect(calls[0]!.payload.language_code).toBeUndefined();
    expect(calls[0]!.payload.commands[0].description).toBe(translator.t('hi', 'common:commands.case'));
    expect(calls[1]!.payload.language_code).toBe('hi');
    expect(calls[1]!.payload.commands[0].description).toBe(translator.t('hi', 'common:commands.case'));
    expect(calls[2]!.payload.language_code).toBe('en');
    expect(calls[2]!.payload.commands[0].description).toBe(translator.t('en', 'common:commands.case'));
    for (const i of [0, 1, 2])
      expect(names(i).some((n: string) => (STAFF_COMMANDS as readonly string[]).includes(n))).toBe(false);

    const keeper = calls.find((c) => c.payload.scope?.chat_id === 8801)!;
    expect(keeper.payload.scope.type).toBe('chat');
    expect(keeper.payload.commands.map((c: { command: string }) => c.command)).toEqual([
      ...OWNER_COMMANDS,
      'register',
      'pending',
      'release',
      'refusal',
      'orders',
      'register_export',
    ]);
    expect(keeper.payload.commands.find((c: { command: string }) => c.command === 'register').description).toBe(
      translator.t('hi', 'common:commands.register'),
    );
    const former = calls.find((c) => c.payload.scope?.chat_id === 8802)!;
    expect(former.payload.commands.map((c: { command: string }) => c.command)).toEqual([...OWNER_COMMANDS]);
    // 8802 has no language code: his menu is in DEFAULT_LANGUAGE too.
    expect(former.payload.commands[0].description).toBe(translator.t('hi', 'common:commands.case'));

    for (const c of calls) {
      for (const cmd of c.payload.commands as Array<{ command: string; description: string }>) {
        expect(cmd.command).toMatch(/^[a-z0-9_]{1,32}$/);
        expect(cmd.description.length).toBeGreaterThanOrEqual(3);
        expect(cmd.description.length).toBeLessThanOrEqual(256);
      }
    }
  });
});
