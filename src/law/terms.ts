import { assertLocalDate, daysBetween, isInstant, toIstDate, type LocalDate } from './calendar';
import { ORIGINAL_TERM_VERSION, TERM_AMENDMENTS, type Term, type TermAmendment } from './data/term-amendments';
import { guard, LawError, type LawResult } from './errors';
import { SECTIONS, type Section } from './sections';

export type { Term, TermAmendment, TermSubstitution } from './data/term-amendments';

/** The word to use for an event, and which rule version decided it. */
export interface TermInfo {
  readonly term: Term;
  /** `ORIGINAL_TERM_VERSION` or the id of the amendment applied (e.g. 'ACT-8-2026'). */
  readonly ruleVersion: string;
  /** The amending Act, or null for the Act as enacted. */
  readonly act: string | null;
  readonly inForceFrom: LocalDate | null;
  /** The India date of the event that decided the word. */
  readonly eventDate: LocalDate;
  /** The section cited: an amendment applies only to the sections it substitutes words in. */
  readonly section: Section;
}

/** Throwing form of `termFor` (internal). */
export function termOn(
  eventDate: LocalDate,
  section: Section,
  amendments: readonly TermAmendment[] = TERM_AMENDMENTS,
): TermInfo {
  assertLocalDate(eventDate, 'eventDate');
  if (!(SECTIONS as readonly string[]).includes(section))
    throw new LawError('INVALID_RULE', { field: 'section', value: section });
  let applied: TermAmendment | null = null;
  amendments.forEach((a, i) => {
    assertLocalDate(a.inForceFrom, `termAmendments[${i}].inForceFrom`);
    if (a.term !== 'fine' && a.term !== 'penalty') {
      throw new LawError('INVALID_RULE', { table: 'term_amendment', index: i, field: 'term', value: a.term });
    }
    if (!a.sections.includes(section)) return;
    if (daysBetween(a.inForceFrom, eventDate) < 0) return;
    if (applied === null || daysBetween(applied.inForceFrom, a.inForceFrom) > 0) applied = a;
    else if (daysBetween(applied.inForceFrom, a.inForceFrom) === 0) {
      throw new LawError('AMBIGUOUS_RULE', { table: 'term_amendment', ids: [applied.id, a.id], date: eventDate });
    }
  });
  const a = applied as TermAmendment | null;
  return a
    ? { term: a.term, ruleVersion: a.id, act: a.act, inForceFrom: a.inForceFrom, eventDate, section }
    : { term: 'fine', ruleVersion: ORIGINAL_TERM_VERSION, act: null, inForceFrom: null, eventDate, section };
}

/**
 * "fine" or "penalty" in the words of `section` for a document about an event on `event` (an India date
 * or an instant): Act 8 of 2026 substitutes "penalties" for "fines" in s. 16 only, from 1 June 2026;
 * every other section, and earlier events, keep "fines".
 */
export function termFor(
  event: LocalDate | Date,
  section: Section,
  amendments: readonly TermAmendment[] = TERM_AMENDMENTS,
): LawResult<TermInfo> {
  return guard(() => termOn(isInstant(event) ? toIstDate(event) : (event as LocalDate), section, amendments));
}
