import type { CoreDeps } from '../deps';
import { duesScreen, type DuesScreen } from './case-card';
import { parseCaseNumber } from './cases';
import { windowsFromConfig } from './dues';
import { storedPhoto } from './photos';

/**
 * The public case page's read model (GET /c/<number>, src/http/case-page.ts): the dues screen of the case as nobody
 * in particular sees it today (the card's public facts, the dues if paid today) and its heads' photos. Null for a
 * number that is malformed or names no case — the page cannot tell them apart, so neither can a visitor.
 */
export async function publicCase(
  deps: Pick<CoreDeps, 'db' | 'clock' | 'config'>,
  typed: string,
): Promise<{
  screen: DuesScreen;
  heads: Array<{ id: number; cattleClass: string; description: string; photoId: number | null }>;
} | null> {
  const parsed = parseCaseNumber(typed);
  if (!parsed) return null;
  const now = deps.clock.now();
  const screen = await duesScreen(deps.db, { number: parsed }, null, now, now, windowsFromConfig(deps.config));
  if (!screen) return null;
  const heads = await deps.db.head.findMany({
    where: { caseId: screen.card.id },
    orderBy: { index: 'asc' },
    select: { id: true, cattleClass: true, description: true, photoId: true },
  });
  return { screen, heads };
}

/** One photo of a case for the page: only a stored photo of that very case (another case's id is not found). */
export async function publicCasePhoto(deps: Pick<CoreDeps, 'db'>, typed: string, photo: string) {
  const parsed = parseCaseNumber(typed);
  if (!parsed || !/^\d{1,9}$/.test(photo)) return null;
  const c = await deps.db.case.findUnique({ where: { numberKey: parsed.number.toUpperCase() }, select: { id: true } });
  return c ? storedPhoto(deps.db, c.id, Number(photo)) : null;
}
