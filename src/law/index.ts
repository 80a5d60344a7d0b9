/**
 * Kanji Sahayak statute engine — Cattle-trespass Act, 1871, ss. 12–19 as pure, dated, data-driven
 * rules. No I/O, no clock: time is passed in. This file is the only public surface of src/law.
 */

// Citations, errors, results
export { SECTIONS } from './sections';
export type { Section } from './sections';
export { LawError, TransitionRefused, ok, err, unwrap } from './errors';
export type { LawErrorCode, LawResult, RefusalReason } from './errors';

// Calendar (India time, General Clauses Act s. 9 day counting)
export {
  IST_OFFSET_MINUTES,
  toIstDate,
  startOfIstDay,
  endOfIstDay,
  addDays,
  addCalendarMonths,
  daysBetween,
  daysInMonth,
  compareLocalDate,
  isLocalDate,
  isInstant,
  periodFrom,
} from './calendar';
export type { LocalDate, StatutoryPeriod } from './calendar';

// Money
export { sumPaise, addPaise, subPaise, mulPaise, splitEvenly } from './money';
export type { Paise } from './money';

// Cattle classes (s. 3)
export { CATTLE_CLASS_CODES, CATTLE_CLASSES, isCattleClass, normaliseHerd } from './cattle';
export type { CattleClassCode, CattleClassDef, HerdEntry, Herd } from './cattle';

// Shipped rule data
export { DEFAULT_WINDOWS, TERM_AMENDMENTS, ORIGINAL_TERM_VERSION, STATE_VARIANTS, MAHARASHTRA_S16 } from './data';
export type { StatutoryWindows, StateVariant } from './data';

// Rule rows and look-ups
export {
  STATE_WIDE_AREA,
  findFineScale,
  findFeedingRate,
  findSecurityScale,
  findStateVariant,
} from './rules';
export type {
  Pound,
  FineScaleRow,
  FeedingRateRow,
  SecurityScaleRow,
  LawRules,
  RuleRef,
  RateInForce,
} from './rules';

// Terms (Act 8 of 2026)
export { termFor } from './terms';
export type { Term, TermAmendment, TermInfo, TermSubstitution } from './terms';

// Dues (ss. 5, 12, 12A, 13, 15, 16)
export { computeDues, feedingDays, FEEDING_DAY_RULE } from './dues';
export { duesAfterPartialSale } from './partly-sold';
export type { DuesAfterSale, UnrecoveredDues } from './partly-sold';
export type {
  DuesInput,
  DuesMode,
  DuesBreakdown,
  DuesLine,
  FineLine,
  FeedingLine,
  SecurityLine,
  DuesTotals,
  ClassDues,
} from './dues';

// Timeline (ss. 14, 17, 20)
export { computeTimeline, earliestS14SaleDay, s16SaleEligible, s20ComplaintWindowOf } from './timeline';
export { isS16Path, s16RefusedAt, salePath } from './sale-path';
export type { SalePath, SalePathFacts } from './sale-path';
export type { Timeline, TimelineEntry, TimelineInput, TimelineRule, TimelineEvent } from './timeline';

// State machine (ss. 13–19)
export {
  CASE_STATUSES,
  CASE_ACTIONS,
  ROLES,
  TRANSITIONS,
  CLAIMABLE,
  IN_CUSTODY,
  missingProclamations,
  noticeCounts,
} from './case-model';
export type {
  CaseStatus,
  CaseAction,
  Role,
  Actor,
  CaseState,
  ActionParams,
  ActionParamName,
  ReleaseOrder,
  TransitionSpec,
  NoticeFacts,
  ProclamationPlace,
} from './case-model';
export { checkTransition, mayAttempt, applyTransition, nextActions, isOfficialBuyer } from './lifecycle';
export type { TransitionAllowed, AvailableAction } from './lifecycle';
export { checkPartClaim } from './part-claim';
export { checkBackEntry, PAPER_STEPS } from './back-entry';
export type { BackEntryCheck, BackEntryPlan, PaperStep, PaperStepTimes } from './back-entry';
export type { ClaimBasis, ClaimedHeads, ClaimScope } from './part-claim';

// Sale (s. 16) and split (s. 17)
export { S16_SELECTION_RULE, compareLots } from './sale-selection';
export type { PricedLot } from './sale-selection';
export { computeSale, selectS16Lots } from './sale';
export type { SoldLotBase } from './sale';
export type { LotSelection } from './sale-selection';
export type { SaleInput, SaleLotInput, SaleMode, SaleResult, SoldLot, S16Account } from './sale';
export { chargesAfterRound, laterRoundDues, ROUND_DEDUCTION_SECTIONS, unrecoveredOf } from './rounds';
export type { LaterRoundInput, LaterRoundDues, RoundCharges } from './rounds';
export { computeSplit, splitClaimPayment, DEDUCTION_PRIORITY, SPLIT_ROUNDING_RULE } from './split';
export {
  findDeductionOrder,
  DEFAULT_DEDUCTION_ORDER,
  DEFAULT_DEDUCTION_ORDER_REF,
  DEDUCTION_KINDS,
} from './deduction-order';
export type { DeductionKind, DeductionOrderRow, DeductionOrderInForce } from './deduction-order';
export type { SplitInput, SplitResult, SplitPart, SplitKind, Payee, ClaimPaymentPart } from './split';
