// Payments (ss. 13, 15): the owner declares what he paid or deposited (declare.ts); the keeper confirms it by reply,
// which records the payment, the case's change, the ledger and its s. 17 division, the receipt and the messages in
// one transaction (confirm.ts, its read in confirm-facts.ts, its steps in confirm-steps.ts, the receipt messages in
// messages.ts), or rejects it (reject.ts). This index is the folder's public surface.
export {
  amountRefused,
  type DeclareResult,
  declarePayment,
  keepersOf,
  type PaymentMethod,
  pendingPayment,
} from './declare';
export { type ConfirmOutcome, confirmPayment, type PaymentInScope, paymentInScope, paymentOfCard } from './confirm';
export { type RejectOutcome, rejectPayment } from './reject';
