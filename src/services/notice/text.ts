import { poundNameIn, type Lang, type Translator } from '../../i18n';
import { toIstDate } from '../../law';
import { groupHeads } from '../cases';
import type { DbReader } from '../dues';

/**
 * The particulars s. 14 requires in the notice and the drum proclamation: (a) the number and description
 * of the cattle, (b) the place of seizure, (c) the place of impounding. Used by the day-8 report (jobs) and
 * by the officer's /notice flow; the texts themselves are the i18n keys `jobs:notice.text` and
 * `jobs:notice.proclamation`, rendered in Hindi and English because the notice is read by the public.
 */
export interface NoticeFacts {
  caseId: number;
  number: string;
  /** (a) heads, grouped by class and description, in register order. */
  groups: Array<{ cattleClass: string; description: string; count: number }>;
  headCount: number;
  /** (b) */
  placeOfSeizure: string;
  /** s. 14: the market-place nearest to the place of seizure (the case's, else the pound's), or null when unknown. */
  market: string | null;
  /** (c) */
  pound: { name: string; nameHi: string; address: string; nearestMarket: string | null };
  /** India date of impounding. */
  impoundedOn: string;
}

/** Loads the notice particulars of a case; null when there is no such case. */
export async function loadNoticeFacts(db: DbReader, caseId: number): Promise<NoticeFacts | null> {
  const c = await db.case.findUnique({
    where: { id: caseId },
    include: { heads: { orderBy: { index: 'asc' } }, pound: true },
  });
  if (!c) return null;
  // s. 14 is about the cattle still impounded: heads an owner took home on his own claim are not
  // reported, noticed or proclaimed (unless every head went home: then the entry as registered).
  const notHome = c.heads.filter((h) => h.status !== 'RELEASED');
  const heads = notHome.length > 0 ? notHome : c.heads;
  return {
    caseId: c.id,
    number: c.number,
    groups: groupHeads(heads),
    headCount: heads.length,
    placeOfSeizure: c.placeOfSeizure,
    market: c.nearestMarket ?? c.pound.nearestMarket ?? null,
    pound: {
      name: c.pound.name,
      nameHi: c.pound.nameHi,
      address: c.pound.address,
      nearestMarket: c.pound.nearestMarket,
    },
    impoundedOn: toIstDate(c.impoundedAt),
  };
}

/** "• 2 × buffalo — black, curved horns" lines, class names in `lang`. */
export function cattleLines(translator: Translator, lang: Lang, groups: NoticeFacts['groups']): string {
  return groups
    .map((g) =>
      translator.t(lang, 'jobs:notice.cattle_line', {
        count: g.count,
        cattle: translator.t(lang, `common:cattle.${g.cattleClass}`, { count: g.count }),
        description: g.description,
      }),
    )
    .join('\n');
}

/** Short summary of the heads ("2 buffaloes, 1 cow") in `lang`, for alerts. */
export function cattleSummary(translator: Translator, lang: Lang, groups: NoticeFacts['groups']): string {
  const byClass = new Map<string, number>();
  for (const g of groups) byClass.set(g.cattleClass, (byClass.get(g.cattleClass) ?? 0) + g.count);
  return [...byClass]
    .map(([cls, n]) =>
      translator.t(lang, 'jobs:notice.cattle_count', {
        count: n,
        cattle: translator.t(lang, `common:cattle.${cls}`, { count: n }),
      }),
    )
    .join(', ');
}

/** Parameters of `jobs:notice.text` and `jobs:notice.proclamation` in `lang`. */
export function noticeParams(translator: Translator, facts: NoticeFacts, lang: Lang): Record<string, string | number> {
  return {
    number: facts.number,
    heads: facts.headCount,
    // i18next plurals: the proclamation agrees with the number of heads ("1 head … is held" / "2 head … are held").
    count: facts.headCount,
    cattle: cattleLines(translator, lang, facts.groups),
    place: facts.placeOfSeizure,
    market: facts.market
      ? translator.t(lang, 'jobs:notice.market_named', { market: facts.market })
      : translator.t(lang, 'jobs:notice.market_unnamed'),
    pound: poundNameIn(lang, facts.pound),
    address: facts.pound.address,
    impoundedOn: facts.impoundedOn,
  };
}

/** The notice and the proclamation script, ready to print and read out, in both languages. */
export function renderNoticeTexts(
  translator: Translator,
  facts: NoticeFacts,
): { notice: Record<Lang, string>; proclamation: Record<Lang, string> } {
  const render = (key: string) => ({
    hi: translator.t('hi', key, noticeParams(translator, facts, 'hi')),
    en: translator.t('en', key, noticeParams(translator, facts, 'en')),
  });
  return { notice: render('jobs:notice.text'), proclamation: render('jobs:notice.proclamation') };
}
