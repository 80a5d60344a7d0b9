/**
 * Sections of the Cattle-trespass Act, 1871 that the engine cites. Every amount, date and refusal
 * carries one of these so the bot can say "s. 14" / "धारा 14" next to it.
 */
export const SECTIONS = [
  's. 3',
  's. 5',
  's. 8',
  's. 12',
  's. 12A',
  's. 13',
  's. 14',
  's. 15',
  's. 16',
  's. 17',
  's. 19',
  's. 20',
] as const;

/** A section citation, written the way officials write it ("s. 14"). */
export type Section = (typeof SECTIONS)[number];
