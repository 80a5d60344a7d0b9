import type { LocalDate } from '../calendar';
import type { Section } from '../sections';

/** The word the Act uses for the per-head sum levied under s. 12 / deducted under s. 16. */
export type Term = 'fine' | 'penalty';

/** An amendment that changes the word used, from a date. */
export interface TermAmendment {
  /** Stable id recorded in results as the rule version applied. */
  readonly id: string;
  /** The amending Act, as cited. */
  readonly act: string;
  /** First India date on which the new word applies. */
  readonly inForceFrom: LocalDate;
  readonly term: Term;
  /** Sections whose wording it changes. */
  readonly sections: readonly Section[];
}

/** Rule-version id used when no amendment applies (the Act as enacted in 1871). */
export const ORIGINAL_TERM_VERSION = 'ACT-1-1871';

/**
 * Act 8 of 2026, s. 2 and Schedule: "penalties" for "fines" in s. 16, w.e.f. 1 June 2026.
 * Documents about events on or after that date use the new word; earlier events keep "fines".
 */
export const TERM_AMENDMENTS: readonly TermAmendment[] = Object.freeze([
  {
    id: 'ACT-8-2026',
    act: 'Act 8 of 2026',
    inForceFrom: '2026-06-01',
    term: 'penalty',
    sections: ['s. 16'],
  },
]);
