/**
 * What the printable documents (src/documents) are built from: the reads and pure helpers of the services they may
 * use, and nothing else (scripts/check-layers.ts holds src/documents to this file). A document prints what the chat
 * shows from the same functions, so an amount or a date is never worked out twice; none of these writes.
 */
export { loadCase } from './case-transition';
export { groupHeads, slipLink } from './cases';
export { entryCopyText } from './register';
export type { DocumentRef } from './document-ref';
export { s20LastDay } from './next-deadline';
export { auctionEligibleOf, headsTheNoticeReports } from './notice';
export { loadNoticeFacts, renderNoticeTexts, type NoticeFacts } from './notice';
export { cleanPhoto } from './photo-clean';
export { caseGroups } from './photo-groups';
export { verificationLink, type ReceiptItem } from './receipts';
export { buildRegisterExport } from './register';
export { EXPORT_RECORDS, istStamp, type RegisterRow } from './register';
export { accountParams, carriedOf, completedRounds } from './sale';
export { surplusesHeld } from './sale';
export { cashBook, headcount, type CashBook, type Headcount } from './desk';
