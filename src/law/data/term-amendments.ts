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
  /** Sections whose wording it changes: the new word applies to these sections only. */
  readonly sections: readonly Section[];
  /** Each phrase it substitutes, as the amending schedule words it (provenance; `sections` is derived from it). */
  readonly substitutions: readonly TermSubstitution[];
}

/** One substitution of the amending schedule: in `section`, `to` for `from`. */
export interface TermSubstitution {
  readonly section: Section;
  /** Where in the section (the footnote's place), e.g. 'heading', 'para 1', 'para 2', 'para 3 (c)'. */
  readonly place: string;
  readonly from: string;
  readonly to: string;
}

/** Rule-version id used when no amendment applies (the Act as enacted in 1871). */
export const ORIGINAL_TERM_VERSION = 'ACT-1-1871';

/**
 * Act 8 of 2026, s. 2 and Schedule, w.e.f. 1 June 2026 — footnotes 1–5 of s. 16 in the India Code text
 * (/work/shared/statute): five substitutions, all in s. 16. Sections 12, 13, 15 and 17 keep "fines"
 * (s. 17: "send to the Magistrate of the District the fines so deducted" is not amended). A document citing
 * s. 16 about an event on or after 1 June 2026 says "penalties"; anything citing another section, or an
 * earlier event, keeps "fines" (src/law/README.md, "Open readings: scope of the amendment").
 */
export const TERM_AMENDMENTS: readonly TermAmendment[] = Object.freeze([
  {
    id: 'ACT-8-2026',
    act: 'Act 8 of 2026',
    inForceFrom: '2026-06-01',
    term: 'penalty',
    sections: ['s. 16'],
    substitutions: [
      { section: 's. 16', place: 'heading', from: 'fines', to: 'penalties' },
      { section: 's. 16', place: 'para 1', from: 'deposit the said fines', to: 'deposit the said penalties imposed' },
      {
        section: 's. 16',
        place: 'marginal heading of para 2',
        from: 'Deduction of fines and expenses',
        to: 'Deduction of penalties and expenses',
      },
      { section: 's. 16', place: 'para 2', from: 'fines leviable', to: 'penalties imposed' },
      { section: 's. 16', place: 'para 3 (c)', from: 'fines', to: 'penalties' },
    ],
  },
]);
