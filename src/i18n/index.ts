import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import i18next, { type i18n as I18n, type Resource, type TOptions } from 'i18next';
import { formatDate, formatDateTime, formatRupees, type Lang } from './format';

export { formatDate, formatDateTime, formatRupees, IST, type Lang } from './format';
export { poundNameIn, poundParams, type PoundNames } from './pound-name';
export { auctionParams, auctionPlaceIn, auctionWordsIn, type StoredAuctionWords } from './auction-words';
export { refusalKeys, refusalText, type Audience, type RefusalCase } from './refusal';
export const LANGUAGES: readonly Lang[] = ['en', 'hi'];

const LOCALES_DIR = path.resolve(import.meta.dirname, '../../locales');

/** Reads locales/<lng>/<namespace>.json; each file is a namespace (common, owner, staff, jobs, ...). */
export function loadResources(dir = LOCALES_DIR): Resource {
  const out: Resource = {};
  for (const lng of LANGUAGES) {
    out[lng] = {};
    for (const file of readdirSync(path.join(dir, lng)).filter((f) => f.endsWith('.json'))) {
      out[lng]![file.replace(/\.json$/, '')] = JSON.parse(readFileSync(path.join(dir, lng, file), 'utf8'));
    }
  }
  return out;
}

/** Most texts kept per language by `forLang` before the memo starts again. */
const MEMO_MAX = 20_000;

/** A translator bound to one language. Keys are "namespace:path.to.key". */
export type Translate = (key: string, options?: TOptions) => string;

export interface Translator {
  i18n: I18n;
  t(lng: Lang, key: string, options?: TOptions): string;
  forLang(lng: Lang): Translate;
}

/**
 * Builds an i18next instance with our formatters: {{amount, rupees}} (paise), {{day, date}}, {{at, datetime}} (IST).
 * Missing keys throw in tests (I18N_STRICT) so a missing translation cannot hide.
 */
export async function createTranslator(options: { strict?: boolean } = {}): Promise<Translator> {
  const instance = i18next.createInstance();
  const resources = loadResources();
  await instance.init({
    resources,
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    ns: Object.keys(resources.en ?? {}),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    saveMissing: Boolean(options.strict),
    missingKeyHandler: options.strict
      ? (lngs: readonly string[], ns: string, key: string) => {
          throw new Error(`missing translation ${lngs.join(',')}:${ns}:${key}`);
        }
      : false,
  });
  instance.services.formatter?.add('rupees', (value, lng) => formatRupees(value as number, lng ?? 'en'));
  instance.services.formatter?.add('date', (value, lng) => formatDate(value as string, lng ?? 'en'));
  instance.services.formatter?.add('datetime', (value, lng) => formatDateTime(value as string, lng ?? 'en'));
  const t = (lng: Lang, key: string, opts?: TOptions) => instance.t(key, { ...opts, lng }) as string;
  // i18next's t() (key lookup, plural rules, interpolation, formatters) was the largest part of an update's CPU after
  // the database. The resources are fixed after init and the formatters are pure, so a text depends only on
  // (language, key, options): keep the texts asked with primitive options (button labels, statuses, cattle classes,
  // most lines) per language, bounded. A missing key throws (strict) before anything is kept.
  const memo: Record<Lang, Map<string, string>> = { en: new Map(), hi: new Map() };
  const memoKey = (key: string, opts?: TOptions): string | undefined => {
    if (!opts) return key;
    let k = key;
    for (const name in opts) {
      const v = (opts as Record<string, unknown>)[name];
      const type = typeof v;
      if (type !== 'string' && type !== 'number' && type !== 'boolean' && v !== undefined) return undefined;
      k += `\u0000${name}\u0001${type[0]}${String(v)}`;
    }
    return k;
  };
  const forLang = (lng: Lang): Translate => {
    const texts = memo[lng];
    return (key, opts) => {
      const k = memoKey(key, opts);
      if (k === undefined) return t(lng, key, opts);
      let text = texts.get(k);
      if (text === undefined) {
        text = t(lng, key, opts);
        if (texts.size >= MEMO_MAX) texts.clear();
        texts.set(k, text);
      }
      return text;
    };
  };
  return { i18n: instance, t, forLang };
}

/**
 * The one rule for a person's language, used by the bot's replies, the messages the jobs push, the command menus
 * and the local chat alike: their stored choice (/language), else Telegram's language_code (hi… Hindi, en… English),
 * else the deployment's DEFAULT_LANGUAGE — also for a code we have no texts in, and for no code at all, so a person
 * whose Telegram sends none reads replies and reminders in the same language.
 */
export function userLanguage(
  config: { DEFAULT_LANGUAGE: Lang },
  user: { language?: string | null; languageCode?: string | null } | null | undefined,
): Lang {
  if (user?.language === 'hi' || user?.language === 'en') return user.language;
  return languageFromTelegram(user?.languageCode, config.DEFAULT_LANGUAGE);
}

/** Telegram's language_code → our language: Hindi for hi…, English for en…, else `fallback`. */
function languageFromTelegram(code: string | null | undefined, fallback: Lang): Lang {
  const primary = code?.toLowerCase().split(/[-_]/)[0];
  return primary === 'hi' || primary === 'en' ? primary : fallback;
}
