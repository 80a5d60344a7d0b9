import { describe, expect, it } from 'vitest';
import { repoFile, tsFilesUnder } from '../support/source-files';

// Every e2e that records money, registers a seizure or moves a case runs on Postgres as well as on PGlite: its
// describe blocks take their database kinds from dbKinds() (test/support/db.ts: PGlite, and Postgres when it
// answers; where Postgres is required, as in CI, a missing server fails the file), and each bot or desk it starts
// is given the block's kind. A file that stops doing so, or a new e2e that confirms a payment or moves a case on
// PGlite alone, fails here. This file reads sources only: no database.

/** The e2e files that record money, register a seizure or move a case: each runs on both kinds. */
const ON_BOTH = [
  'test/e2e/desk/desk-http.test.ts',
  'test/e2e/law/account-owner-absent.test.ts',
  'test/e2e/law/bidder-short-form.test.ts',
  'test/e2e/law/deduction-order.test.ts',
  'test/e2e/notice-and-auction/auction-no-bids.test.ts',
  'test/e2e/notice-and-auction/keeper-refusal-and-help.test.ts',
  'test/e2e/notice-and-auction/notice-order.test.ts',
  'test/e2e/notice-and-auction/s14-auction-rounds.test.ts',
  'test/e2e/notice-and-auction/s14-bad-photo.test.ts',
  'test/e2e/notice-and-auction/s14-document-fails.test.ts',
  'test/e2e/notice-and-auction/s14-notice-auction-split.test.ts',
  'test/e2e/notice-and-auction/s14-partly-sold-claim.test.ts',
  'test/e2e/notice-and-auction/s14-report-on-enrolment.test.ts',
  'test/e2e/notice-and-auction/s14-report-pending.test.ts',
  'test/e2e/owner/claim-and-pay.test.ts',
  'test/e2e/owner/part-claim.test.ts',
  'test/e2e/owner/part-deposit-outcome.test.ts',
  'test/e2e/owner/protest.test.ts',
  'test/e2e/payments/confirm-payment.test.ts',
  'test/e2e/payments/confirmed-amount.test.ts',
  'test/e2e/payments/release-and-export.test.ts',
  'test/e2e/photos/photos.test.ts',
  'test/e2e/privacy.test.ts',
  'test/e2e/register/paper-steps.test.ts',
  'test/e2e/register/register-double-tap.test.ts',
  'test/e2e/register/register-paper-first.test.ts',
  'test/e2e/register/register-seizure.test.ts',
  'test/e2e/revoked-staff.test.ts',
  'test/e2e/sale-and-money/account-later-and-surplus-claim.test.ts',
  'test/e2e/sale-and-money/s16-orders-scoping.test.ts',
  'test/e2e/sms/owner-sms.test.ts',
];

/** E2e files that call one of the helpers below yet stay on PGlite, each with the reason. */
const PGLITE_ONLY: Record<string, string> = {
  'test/e2e/app/no-language-code.test.ts':
    'the language of replies and pushed messages; its declared payment is the one confirm-payment runs on both',
  'test/e2e/owner/find-case.test.ts': "staff commands sent to an owner's chat are refused: a look-up, records nothing",
  'test/e2e/owner/case-number-forms.test.ts': 'finding a case by its typed number; /release of it is refused (s. 19)',
  'test/e2e/owner/staff-command-gate.test.ts': 'staff commands refused before their arguments are read',
  'test/e2e/leave-flow.test.ts': 'a command leaves /register or /notice before anything is recorded',
  'test/e2e/local/transcript.test.ts':
    "the local runner as a developer starts it, on its own data directory (the embedded database's own road)",
  'test/e2e/sms/owner-say.test.ts': "the owner's say over his SMS: a mobile number and a claim, no money, no step",
};

/** What marks a file as recording money or moving a case: the fixtures and bot steps that do. */
const RECORDS = [
  /\b(?:payCase|declareAndDeliver|paymentWritten|fixAuctionFromCard|auctionFixedThroughBot|soldWithOwnerAway)\s*\(/,
  /\b(?:recordNotice|recordClaim)\s*\(/,
  /\bregister\.save_button\b/,
  /['`]\/(?:release|refusal|outcome|sale|notice|auction)\b/,
];

/** The ways an e2e starts the bot or the desk on a database. */
const STARTS = /\b(?:createBotHarness|botSuite|ownerHarness|startDeskWorld)\s*\(/g;

const recordsMoney = (text: string) => RECORDS.some((re) => re.test(text));

/** The text between the parentheses of the call opening at `open` (brackets counted; strings hold none here). */
function argsAt(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '{' || c === '[') depth++;
    else if (c === ')' || c === '}' || c === ']') depth--;
    if (depth === 0) return text.slice(open + 1, i);
  }
  return text.slice(open + 1);
}

/** Why `text` does not run on both kinds, as "file:line: reason" (empty when it does). */
function notOnBoth(file: string, text: string): string[] {
  const out = /\bdbKinds\s*\(\s*\)/.test(text) ? [] : [`${file}: takes no kinds from dbKinds()`];
  for (const m of text.matchAll(STARTS)) {
    const open = m.index + m[0].length - 1;
    if (/\bdbKind\b/.test(argsAt(text, open))) continue;
    const line = text.slice(0, m.index).split('\n').length;
    out.push(`${file}:${line}: ${m[0].replace(/\s+/g, '')} without the block's dbKind`);
  }
  return out;
}

describe('the e2e files that record money or move a case run on Postgres as well as PGlite', () => {
  it('finds a planted file that confirms a payment on PGlite alone, or starts a second bot without the kind', () => {
    const f = 'test/e2e/x.test.ts';
    const pgliteOnly = "describe('x', () => {\n  const h = botSuite({ start });\n  payCase(h, c);\n});";
    expect(recordsMoney(pgliteOnly)).toBe(true);
    expect(notOnBoth(f, pgliteOnly)).toEqual([
      `${f}: takes no kinds from dbKinds()`,
      `${f}:2: botSuite( without the block's dbKind`,
    ]);
    const half = [
      "describe.each(await dbKinds())('x (%s)', (dbKind) => {",
      '  beforeAll(async () => { h = await createBotHarness({ dbKind, start: ist(a) }); });',
      '  it("y", async () => { const other = await ownerHarness(); });',
      '});',
    ].join('\n');
    expect(notOnBoth(f, half)).toEqual([`${f}:3: ownerHarness( without the block's dbKind`]);
    const both = [
      "describe.each(await dbKinds())('x (%s)', (dbKind) => {",
      '  const h = botSuite(\n    { dbKind, start, seededAt: ist(a), staff },\n    async (h) => {},\n  );',
      "  it('y', async () => { w = await startDeskWorld({}, dbKind); });",
      '});',
    ].join('\n');
    expect(notOnBoth(f, both)).toEqual([]);
    // A look-up that records nothing is not taken for a money e2e.
    expect(recordsMoney("await h.send(owner, '/case JAI1-2026-1');")).toBe(false);
  });

  it('each listed file runs on both kinds, through dbKinds(), with the kind given to every bot it starts', () => {
    expect(ON_BOTH.flatMap((f) => notOnBoth(f, repoFile(f)))).toEqual([]);
  });

  it('every e2e that records money or moves a case is listed (or named, with its reason, as PGlite-only)', () => {
    const files = tsFilesUnder('test/e2e').filter((f) => f.endsWith('.test.ts'));
    for (const f of [...ON_BOTH, ...Object.keys(PGLITE_ONLY)]) expect(files, `${f} names no file`).toContain(f);
    const unlisted = files.filter((f) => !ON_BOTH.includes(f) && !(f in PGLITE_ONLY) && recordsMoney(repoFile(f)));
    expect(unlisted).toEqual([]);
  });

  it('each PGlite-only file still calls such a helper (an entry that no longer does is taken off the list)', () => {
    expect(Object.keys(PGLITE_ONLY).filter((f) => !recordsMoney(repoFile(f)))).toEqual([]);
  });
});
