import { sign } from '@telegram-apps/init-data-node';
import type { Lang } from '../../src/i18n';
import type { Persona } from './personas';

/**
 * The staff desk's local link for a persona, with Telegram's initData signed for him as Telegram would sign it when
 * the desk opens as a Mini App: the desk checks it with the same token, as it checks a real client's.
 */
export function signedDeskUrl(persona: Persona, lang: Lang, desk: { base: string; token: string }, now: Date): string {
  const initData = sign(
    { user: { id: persona.userId, first_name: persona.firstName, language_code: lang } },
    desk.token,
    now,
  );
  const hash = new URLSearchParams({ tgWebAppData: initData, tgWebAppVersion: '8.0' });
  return `${desk.base}/desk#${hash.toString()}`;
}
