import { describe, expect, it } from 'vitest';
import { Api } from 'grammy';
import { OWNER_COMMANDS, registerCommandMenus, staffCommandsFor, STAFF_COMMANDS } from '../../../bot/commands';
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
      'desk',
    ]);
    expect(staffCommandsFor('OFFICER')).toContain('notice');
    // Staff administration from the chat: the District Magistrate's office (its district) and admins only.
    for (const c of ['enrol', 'staff', 'revoke']) {
      expect(staffCommandsFor('MAGISTRATE')).toContain(c);
      expect(staffCommandsFor('POUND_KEEPER')).not.toContain(c);
      expect(staffCommandsFor('OFFICER')).not.toContain(c);
    }
    expect(staffCommandsFor('OFFICER')).not.toContain('register');
    expect(staffCommandsFor('MAGISTRATE')).toEqual(expect.arrayContaining(['orders', 'outcome']));
    expect(staffCommandsFor('ADMIN')).toEqual([...STAFF_COMMANDS]);
  });

  it('registers English and Hindi defaults for owners, and chat menus for staff (revoked staff back to owner only)', async () => {
    await enrolStaff(db.prisma, 8801, 'POUND_KEEPER', ['JAI1']);
    await db.prisma.telegramUser.update({ where: { id: 8801n }, data: { languageCode: 'hi' } });
    const revoked = await enrolStaff(db.prisma, 8802, 'OFFICER', ['JAI1']);
    await db.prisma.staffMember.update({ where: { id: revoked.id }, data: { revokedAt: new Date() } });
    const fake = new FakeBotApi();
    await registerCommandMenus(new Api('1:x', fake.client), db.prisma, translator);
    const calls = fake.calls.filter((c) => c.method === 'setMyCommands');
    const names = (i: number) => calls[i]!.payload.commands.map((c: { command: string }) => c.command);

    expect(calls[0]!.payload.scope).toBeUndefined();
    expect(names(0)).toEqual([...OWNER_COMMANDS]);
    expect(calls[0]!.payload.commands[0].description).toBe(translator.t('en', 'common:commands.case'));
    expect(calls[1]!.payload.language_code).toBe('hi');
    expect(calls[1]!.payload.commands[0].description).toBe(translator.t('hi', 'common:commands.case'));
    for (const i of [0, 1])
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
      'desk',
    ]);
    expect(keeper.payload.commands.find((c: { command: string }) => c.command === 'register').description).toBe(
      translator.t('hi', 'common:commands.register'),
    );
    const former = calls.find((c) => c.payload.scope?.chat_id === 8802)!;
    expect(former.payload.commands.map((c: { command: string }) => c.command)).toEqual([...OWNER_COMMANDS]);

    // No https PUBLIC_URL: the menu buttons are left alone.
    expect(fake.calls.filter((c) => c.method === 'setChatMenuButton')).toEqual([]);

    for (const c of calls) {
      for (const cmd of c.payload.commands as Array<{ command: string; description: string }>) {
        expect(cmd.command).toMatch(/^[a-z0-9_]{1,32}$/);
        expect(cmd.description.length).toBeGreaterThanOrEqual(3);
        expect(cmd.description.length).toBeLessThanOrEqual(256);
      }
    }
  });

  it('gives enrolled staff a menu button that opens the staff desk, and a revoked one the default again', async () => {
    const fake = new FakeBotApi();
    await registerCommandMenus(new Api('1:x', fake.client), db.prisma, translator, 'https://kanji.example.test/desk');
    const buttons = fake.calls.filter((c) => c.method === 'setChatMenuButton');
    const keeper = buttons.find((c) => c.payload.chat_id === 8801)!;
    expect(keeper.payload.menu_button).toEqual({
      type: 'web_app',
      text: translator.t('hi', 'desk:chat.menu_button'),
      web_app: { url: 'https://kanji.example.test/desk' },
    });
    expect(buttons.find((c) => c.payload.chat_id === 8802)!.payload.menu_button).toEqual({ type: 'default' });
  });
});
