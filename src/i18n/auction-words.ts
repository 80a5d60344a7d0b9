import type { Lang } from './format';
import { poundNameIn, type PoundNames } from './pound-name';

/** The auction's place and conditions (s. 14: as the District Magistrate directs) as stored from the officer's words. */
export interface StoredAuctionWords {
  place: string;
  conditions: string;
}

type Translate = (lang: Lang, key: string) => string;
const LANGS: readonly Lang[] = ['en', 'hi'];

/** Without the full stop or "।" a text ends with: every template puts its own after `{{conditions}}`. */
const bare = (s: string) => s.trim().replace(/[\s.।]+$/u, '');

/**
 * The place and conditions of an auction as a reader of `lang` reads them. The officer picks the pound as the place
 * and the usual conditions by a button, in his own language; those two are recognised in either language and given
 * in the reader's. Anything the officer typed is his own words and stays as typed (without its final stop).
 */
export function auctionWordsIn(
  lang: Lang,
  stored: StoredAuctionWords,
  pound: PoundNames & { address: string },
  t: Translate,
): StoredAuctionWords {
  const usual = (l: Lang) => bare(t(l, 'officer:auction.usual_conditions'));
  const place = auctionPlaceIn(lang, stored.place, pound);
  const conditions = LANGS.some((l) => bare(stored.conditions) === usual(l)) ? usual(lang) : bare(stored.conditions);
  return { place, conditions };
}

/** The place of an auction as a reader of `lang` reads it: the pound (picked by a button) in his language. */
export function auctionPlaceIn(lang: Lang, place: string, pound: PoundNames & { address: string }): string {
  const atPound = (l: Lang) => `${poundNameIn(l, pound)}, ${pound.address}`;
  return LANGS.some((l) => place.trim() === atPound(l)) ? atPound(lang) : place.trim();
}

/**
 * A queued message's place and conditions: English as `auctionPlace`/`conditions`, Hindi as the `@hi` values
 * (jobs/deliver.ts gives a Hindi reader those), so no reader gets the officer's language instead of his own.
 */
export function auctionParams(
  stored: StoredAuctionWords,
  pound: PoundNames & { address: string },
  t: Translate,
): { auctionPlace: string; 'auctionPlace@hi': string; conditions: string; 'conditions@hi': string } {
  const en = auctionWordsIn('en', stored, pound, t);
  const hi = auctionWordsIn('hi', stored, pound, t);
  return {
    auctionPlace: en.place,
    'auctionPlace@hi': hi.place,
    conditions: en.conditions,
    'conditions@hi': hi.conditions,
  };
}
