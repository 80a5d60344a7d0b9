import type { Lang } from './format';

/** A pound's names as stored (Pound.name, Pound.nameHi). */
export interface PoundNames {
  name: string;
  nameHi: string;
}

/** A pound's name as a reader of `lang` reads it: the one place the name is picked by language. */
export function poundNameIn(lang: Lang, pound: PoundNames): string {
  return lang === 'hi' ? pound.nameHi : pound.name;
}

/**
 * A queued message's `{{pound}}`, picked when it is sent in the recipient's language: the English name as `pound`
 * and the Hindi one as `pound@hi` (jobs/deliver.ts `localizeParams` gives a Hindi reader the `@hi` value).
 */
export function poundParams(pound: PoundNames): { pound: string; 'pound@hi': string } {
  return { pound: poundNameIn('en', pound), 'pound@hi': poundNameIn('hi', pound) };
}
