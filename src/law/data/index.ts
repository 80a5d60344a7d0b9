export { CATTLE_CLASS_CODES, CATTLE_CLASSES } from './cattle-classes';
export type { CattleClassCode, CattleClassDef } from './cattle-classes';
export { DEFAULT_WINDOWS } from './windows';
export type { StatutoryWindows } from './windows';
export { TERM_AMENDMENTS, ORIGINAL_TERM_VERSION } from './term-amendments';
export type { Term, TermAmendment, TermSubstitution } from './term-amendments';
export { STATE_VARIANTS, MAHARASHTRA_S16 } from './state-variants';
export type { StateVariant } from './state-variants';
