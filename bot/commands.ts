import type { Api } from 'grammy';
import type { BotCommand } from 'grammy/types';
import type { CoreDeps } from '../src/deps';
import { smsEnabled } from '../src/services/sms';
import { may, RIGHTS, type StaffActor, type StaffRight, type StaffRoleCode } from '../src/services/staff';
import { type Lang, type Translator, userLanguage } from '../src/i18n';

/**
 * Command menus (the "/" list in Telegram), registered per language and per role: everyone sees the owner
 * commands (language_code "hi" in Hindi, "en" in English, any other or none in DEFAULT_LANGUAGE — the rule of
 * `userLanguage`, which the replies follow); enrolled staff get, in their own chat
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
  'stats',
  'complaint',
  'language',
  'help',
  'cancel',
  'start',
] as const;

/**
 * The owners' commands in this deployment: `/sms` (his say over the SMS to his number) only when SMS is
 * configured, as the command itself answers "SMS is off" otherwise.
 */
export function ownerCommands(config: MenuDeps['config']): string[] {
  if (!smsEnabled(config)) return [...OWNER_COMMANDS];
  const at = OWNER_COMMANDS.indexOf('language');
  return [...OWNER_COMMANDS.slice(0, at), 'sms', ...OWNER_COMMANDS.slice(at)];
}

/** Every staff command (owners who type one are told it is for pound staff). */
export const STAFF_COMMANDS = [
  'register',
  'photo',
  'pending',
  'release',
  'refusal',
  'notice',
  'paper',
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
export type StaffRoleName = StaffRoleCode;

/**
 * The rights (src/services/staff/actor.ts `RIGHTS`, the one who-may-do-what table) that open each staff command:
 * holding any one of them at some pound. Who sees a command in his menu and who may type it both follow from it;
 * `administrator`: administrators only.
 */
export const COMMAND_RIGHTS: Record<StaffCommand, readonly StaffRight[] | 'administrator'> = {
  register: ['seizure.register'],
  photo: ['seizure.register'],
  pending: ['payment.confirm'],
  release: ['release', 'release.order'],
  refusal: ['owner.refusal'],
  notice: ['notice'],
  paper: ['paper.steps'],
  auction: ['auction'],
  sale: ['auction'],
  split: ['auction', 'magistrate'],
  orders: ['order.view'],
  outcome: ['magistrate'],
  register_export: ['register.export'],
  status: 'administrator',
  // The staff desk: every official (each view is scoped to his pounds and role).
  desk: ['register.export'],
  // Staff administration: the Magistrate's office for its district (checked by the service), administrators.
  enrol: ['magistrate'],
  staff: ['magistrate'],
  revoke: ['magistrate'],
};

/** The staff commands a role uses, in menu order (an administrator: all of them). */
export function staffCommandsFor(role: StaffRoleName): StaffCommand[] {
  if (role === 'ADMIN') return [...STAFF_COMMANDS];
  return STAFF_COMMANDS.filter((c) => {
    const rights = COMMAND_RIGHTS[c];
    return rights !== 'administrator' && rights.some((r) => (RIGHTS[r] as readonly StaffRoleCode[]).includes(role));
  });
}

/** Is `command` one of the staff commands? */
export function isStaffCommand(command: string): command is StaffCommand {
  return Object.hasOwn(COMMAND_RIGHTS, command);
}

/** May `actor` use the staff command at all (at some pound)? The command then checks the case's pound. */
export function mayUseCommand(actor: StaffActor, command: StaffCommand): boolean {
  const rights = COMMAND_RIGHTS[command];
  return rights === 'administrator' ? actor.administrator : rights.some((r) => may(actor, r));
}

/** A menu in one language. */
export function commandMenu(translator: Translator, lang: Lang, names: readonly string[]): BotCommand[] {
  return names.map((command) => ({
    command,
    description: translator.t(lang, `common:commands.${command}`).slice(0, 256),
  }));
}

/** What the menus need of the deps. */
export type MenuDeps = Pick<CoreDeps, 'db' | 'translator' | 'config'>;

/** The menu for one person: owner commands, then the staff commands of their active roles. */
async function menuFor(
  { db, translator, config }: MenuDeps,
  telegramUserId: bigint,
): Promise<{ lang: Lang; commands: BotCommand[]; staff: boolean }> {
  const user = await db.telegramUser.findUnique({
    where: { id: telegramUserId },
    include: { staff: { where: { revokedAt: null } } },
  });
  const lang = userLanguage(config, user);
  const staff = [...new Set((user?.staff ?? []).flatMap((s) => staffCommandsFor(s.role)))];
  const ordered = STAFF_COMMANDS.filter((c) => staff.includes(c));
  return {
    lang,
    staff: ordered.length > 0,
    commands: commandMenu(translator, lang, [...ownerCommands(config), ...ordered]),
  };
}

/**
 * Sets one chat's menu (after /language, after an enrolment or a revocation): owner commands plus the
 * person's staff commands, in their language. With `deskUrl` (PUBLIC_URL is https) an enrolled official's menu
 * button opens the staff desk; anyone else's is Telegram's default again (a revoked official loses it).
 */
export async function registerMenuForUser(
  api: Api,
  deps: MenuDeps,
  telegramUserId: bigint,
  deskUrl?: string | null,
): Promise<void> {
  const { commands, lang, staff } = await menuFor(deps, telegramUserId);
  const { translator } = deps;
  await api.setMyCommands(commands, { scope: { type: 'chat', chat_id: Number(telegramUserId) } });
  if (!deskUrl) return;
  await api.setChatMenuButton({
    chat_id: Number(telegramUserId),
    menu_button: staff
      ? { type: 'web_app', text: translator.t(lang, 'desk:chat.menu_button'), web_app: { url: deskUrl } }
      : { type: 'default' },
  });
}

export async function registerCommandMenus(api: Api, deps: MenuDeps, deskUrl?: string | null): Promise<void> {
  const { db, translator: t, config } = deps;
  const owner = ownerCommands(config);
  await api.setMyCommands(commandMenu(t, config.DEFAULT_LANGUAGE, owner));
  await api.setMyCommands(commandMenu(t, 'hi', owner), { language_code: 'hi' });
  await api.setMyCommands(commandMenu(t, 'en', owner), { language_code: 'en' });
  // Revoked staff too: their chat menu goes back to the owner commands.
  const staff = await db.staffMember.findMany({ select: { telegramUserId: true }, distinct: ['telegramUserId'] });
  for (const s of staff) await registerMenuForUser(api, deps, s.telegramUserId, deskUrl);
}
