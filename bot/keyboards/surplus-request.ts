/**
 * Callback action of the owner's "ask for the surplus" button (s. 17): `srq <caseId>`. The button is on the case
 * card of someone who claimed the case while the District Magistrate holds the sale surplus (the read model's
 * `request_surplus` action, src/services/case-card.ts; drawn by `caseCardKeyboard`, bot/keyboards/owner.ts).
 */
export const SURPLUS_REQUEST_ACTION = 'srq';
