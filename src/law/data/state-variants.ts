import type { LocalDate } from '../calendar';

/**
 * A state's amendment of the chapter, as data. Flows read only these fields, so adding another
 * state's variant of the same shape is a data change. Amounts are NOT here: the s. 12A security
 * amounts are dated rows (`SecurityScaleRow`) supplied like fine scales.
 */
export interface StateVariant {
  /** Stable id recorded in results as the rule version applied. */
  readonly id: string;
  /** State code (ISO 3166-2:IN subdivision without the "IN-" prefix), e.g. 'MH'. */
  readonly state: string;
  /** The amending Act, as cited. */
  readonly act: string;
  /** First India date on which the variant applies; null = all dates the engine handles. */
  readonly effectiveFrom?: LocalDate | null;
  /** Last India date (inclusive) on which it applies; null = open-ended. */
  readonly effectiveTo?: LocalDate | null;
  /** Security deposit on release, deducted from sale proceeds under the substituted s. 16. */
  readonly s16Security?: {
    /** Section of the state Act that prescribes the security. */
    readonly section: 's. 12A';
    /** In the s. 15 (deposit under protest) case the owner may make the s. 12A declaration instead. */
    readonly declarationAllowed: boolean;
    /** The security amount is deducted from the proceeds of a s. 16 sale. */
    readonly deductFromProceeds: boolean;
  } | null;
}

/**
 * Maharashtra: Bombay Act XIII of 1959, s. 8, substitutes the first two paragraphs of s. 16: the owner
 * must also deposit the s. 12A security (or, in the s. 15 case, deposit fines, expenses and security or
 * make the s. 12A declaration); the security is deducted from sale proceeds with the fines and expenses.
 */
export const MAHARASHTRA_S16: StateVariant = Object.freeze({
  id: 'MH-BOM-XIII-1959-S8',
  state: 'MH',
  act: 'Bombay Act XIII of 1959, s. 8',
  effectiveFrom: null,
  effectiveTo: null,
  s16Security: Object.freeze({ section: 's. 12A' as const, declarationAllowed: true, deductFromProceeds: true }),
});

/** State variants shipped with the engine. */
export const STATE_VARIANTS: readonly StateVariant[] = Object.freeze([MAHARASHTRA_S16]);
