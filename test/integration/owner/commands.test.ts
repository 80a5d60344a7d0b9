import { describe, expect, it } from 'vitest';
import { Api } from 'grammy';
import {
  COMMAND_RIGHTS,
  mayUseCommand,
  OWNER_COMMANDS,
  registerCommandMenus,
  staffCommandsFor,
  STAFF_COMMANDS,
} from '../../../bot/commands';
import { RIGHTS, staffActorOf } from '../../../src/services/staff';
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
      'photo',
      'pending',
      'release',
      'refusal',
      'paper',
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

  it('derives each role’s menu from the rights table: a command is in it exactly when the role may use it', () => {
    const via = { telegramId: 1n, chatId: 1, messageId: 1 };
    for (const role of ['POUND_KEEPER', 'OFFICER', 'MAGISTRATE', 'ADMIN'] as const) {
      const actor = staffActorOf([{ staffId: 1, role, name: 'x', poundIds: [1] }], via);
      expect(staffCommandsFor(role), role).toEqual(STAFF_COMMANDS.filter((c) => mayUseCommand(actor, c)));
    }
    const owner = staffActorOf([], via);
    expect(STAFF_COMMANDS.filter((c) => mayUseCommand(owner, c))).toEqual([]);
    // Every right named for a command is a right of the table.
    for (const rights of Object.values(COMMAND_RIGHTS))
      if (rights !== 'administrator') for (const r of rights) expect(Object.keys(RIGHTS)).toContain(r);
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
      'photo',
      'pending',
      'release',
      'refusal',
      'paper',
      'orders',
      'register_export',
      'desk',
    ]);
    expect(keeper.payload.commands.find((c: { command: string }) => c.command === 'register').description).toBe(
      translator.t('hi', 'common:commands.register'),
    );
    const former = calls.find((c) => c.payload.scope?.chat_id === 8802)!;
    expect(former.payload.commands.map((c: { command: string }) => c.command)).toEqual([...OWNER_COMMANDS]);
    // 8802 has no language code: his menu is in DEFAULT_LANGUAGE too.
    expect(former.payload.commands[0].description).toBe(translator.t('hi', 'common:commands.case'));

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

  it('adds /sms to the owners’ menus, in both languages and in staff chats, only when SMS is configured', async () => {
    const names = (c: { payload: Record<string, { command: string }[]> }) => c.payload.commands!.map((x) => x.command);
    const off = new FakeBotApi();
    await registerCommandMenus(new Api('1:x', off.client), { db: db.prisma, translator, config: createConfig({}) });
    for (const c of off.calls.filter((x) => x.method === 'setMyCommands')) expect(names(c)).not.toContain('sms');

    const on = new FakeBotApi();
    const config = createConfig({ SMS_PROVIDER: 'fake', SMS_DATA_KEY: Buffer.alloc(32, 3).toString('base64') });
    await registerCommandMenus(new Api('1:x', on.client), { db: db.prisma, translator, config });
    const calls = on.calls.filter((x) => x.method === 'setMyCommands');
    for (const c of calls) expect(names(c)).toContain('sms');
    for (const lang of ['hi', 'en'] as const) {
      const menu = calls.find((c) => c.payload.language_code === lang)!;
      expect(menu.payload.commands.find((x: { command: string }) => x.command === 'sms').description).toBe(
        translator.t(lang, 'common:commands.sms'),
      );
    }
    // Staff chats keep it among the owner commands, before the staff ones.
    expect(names(calls.find((c) => c.payload.scope?.chat_id === 8801)!).slice(0, OWNER_COMMANDS.length + 1)).toContain(
      'sms',
    );
  });

  it('gives enrolled staff a menu button that opens the staff desk, and a revoked one the default again', async () => {
    const fake = new FakeBotApi();
    await registerCommandMenus(
      new Api('1:x', fake.client),
      { db: db.prisma, translator, config: createConfig({ DEFAULT_LANGUAGE: 'hi' }) },
      'https://kanji.example.test/desk',
    );
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
