import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import i18next, { type i18n as I18n, type Resource, type TOptions } from 'i18next';
import { formatDate, formatDateTime, formatRupees, type Lang } from './format';

export { formatDate, formatDateTime, formatRupees, IST, type Lang } from './format';
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
  return { i18n: instance, t, forLang: (lng) => (key, opts) => t(lng, key, opts) };
}

/** Telegram's language_code → our language: Hindi for hi, else English (unless a default is configured). */
export function languageFromTelegram(code: string | undefined, fallback: Lang = 'en'): Lang {
  if (!code) return fallback;
  return code.toLowerCase().startsWith('hi') ? 'hi' : 'en';
}
