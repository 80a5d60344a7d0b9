import type { Api } from 'grammy';
import type { BotCommand } from 'grammy/types';
import type { Db } from '../src/db';
import { createTranslator, type Lang, type Translator } from '../src/i18n';

/**
 * Command menus (the "/" list in Telegram), registered per language and per role: everyone sees the owner
 * commands (default scope in English, language_code "hi" in Hindi); enrolled staff get, in their own chat
 * (BotCommandScopeChat), the owner commands plus those of their roles, in their language. Owners never
 * see staff commands. Descriptions live in common.json under commands.*.
 */

/** Commands every user has. */
export const OWNER_COMMANDS = [
  'case',
  'search',
  'dues',
  'mycases',
  'subscribe',
  'verify',
  'complaint',
  'language',
  'help',
  'cancel',
  'start',
] as const;

/** Every staff command (owners who type one are told it is for pound staff). */
export const STAFF_COMMANDS = [
  'register',
  'pending',
  'release',
  'refusal',
  'notice',
  'auction',
  'sale',
  'split',
  'orders',
  'outcome',
  'register_export',
  'status',
  'desk',
  'enrol',
  'staff',
  'revoke',
] as const;

export type StaffCommand = (typeof STAFF_COMMANDS)[number];
export type StaffRoleName = 'POUND_KEEPER' | 'OFFICER' | 'MAGISTRATE' | 'ADMIN';

const BY_ROLE: Record<StaffRoleName, readonly StaffCommand[]> = {
  // s. 8 register, s. 13/15 confirmation and delivery, s. 16 owner's refusal (met at the pound), orders
  // to read (s. 19 release, s. 14 proviso), s. 7 returns.
  POUND_KEEPER: ['register', 'pending', 'release', 'refusal', 'orders', 'register_export', 'desk'],
  // s. 14 notice and auction, s. 16 refusal, sale and account, s. 17 split.
  OFFICER: ['notice', 'auction', 'refusal', 'sale', 'split', 'orders', 'release', 'register_export', 'desk'],
  // s. 19 orders, s. 14 proviso, the outcome of s. 20 complaints, s. 17 surplus; the staff of its district.
  MAGISTRATE: ['orders', 'outcome', 'split', 'release', 'register_export', 'desk', 'enrol', 'staff', 'revoke'],
  ADMIN: STAFF_COMMANDS,
};

/** The staff commands a role uses, in menu order. */
export function staffCommandsFor(role: StaffRoleName): StaffCommand[] {
  const mine = new Set<StaffCommand>([...BY_ROLE[role], ...(role === 'ADMIN' ? (['status'] as const) : [])]);
  return STAFF_COMMANDS.filter((c) => mine.has(c));
}

/** A menu in one language. */
export function commandMenu(translator: Translator, lang: Lang, names: readonly string[]): BotCommand[] {
  return names.map((command) => ({
    command,
    description: translator.t(lang, `common:commands.${command}`).slice(0, 256),
  }));
}

function languageOf(user: { language: string | null; languageCode: string | null }): Lang {
  if (user.language === 'hi' || user.language === 'en') return user.language;
  return user.languageCode?.toLowerCase().startsWith('hi') ? 'hi' : 'en';
}

/** The menu for one person: owner commands, then the staff commands of their active roles. */
async function menuFor(
  db: Db,
  translator: Translator,
  telegramUserId: bigint,
): Promise<{ lang: Lang; commands: BotCommand[]; staff: boolean }> {
  const user = await db.telegramUser.findUnique({
    where: { id: telegramUserId },
    include: { staff: { where: { revokedAt: null } } },
  });
  const lang = user ? languageOf(user) : 'en';
  const staff = [...new Set((user?.staff ?? []).flatMap((s) => staffCommandsFor(s.role)))];
  const ordered = STAFF_COMMANDS.filter((c) => staff.includes(c));
  return { lang, staff: ordered.length > 0, commands: commandMenu(translator, lang, [...OWNER_COMMANDS, ...ordered]) };
}

/**
 * Sets one chat's menu (after /language, after an enrolment or a revocation): owner commands plus the
 * person's staff commands, in their language. With `deskUrl` (PUBLIC_URL is https) an enrolled official's menu
 * button opens the staff desk; anyone else's is Telegram's default again (a revoked official loses it).
 */
export async function registerMenuForUser(
  api: Api,
  db: Db,
  translator: Translator,
  telegramUserId: bigint,
  deskUrl?: string | null,
): Promise<void> {
  const { commands, lang, staff } = await menuFor(db, translator, telegramUserId);
  await api.setMyCommands(commands, { scope: { type: 'chat', chat_id: Number(telegramUserId) } });
  if (!deskUrl) return;
  await api.setChatMenuButton({
    chat_id: Number(telegramUserId),
    menu_button: staff
      ? { type: 'web_app', text: translator.t(lang, 'desk:chat.menu_button'), web_app: { url: deskUrl } }
      : { type: 'default' },
  });
}

/** Registers the default menus (English; Hindi for language_code "hi") and every (formerly) enrolled staff member's. */
export async function registerCommandMenus(
  api: Api,
  db: Db,
  translator?: Translator,
  deskUrl?: string | null,
): Promise<void> {
  const t = translator ?? (await createTranslator());
  await api.setMyCommands(commandMenu(t, 'en', OWNER_COMMANDS));
  await api.setMyCommands(commandMenu(t, 'hi', OWNER_COMMANDS), { language_code: 'hi' });
  // Revoked staff too: their chat menu goes back to the owner commands.
  const staff = await db.staffMember.findMany({ select: { telegramUserId: true }, distinct: ['telegramUserId'] });
  for (const s of staff) await registerMenuForUser(api, db, t, s.telegramUserId, deskUrl);
}
