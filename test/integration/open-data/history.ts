import fc from 'fast-check';

// Random histories of register entries for the open data property test, and the figures recomputed from them here,
// by hand: the India month of an instant is its UTC time plus 5 h 30 min, the ledger's accounts are mapped to the
// figures by the table below (as docs/MONEY.md books them), nothing is read back from the database.

/** The instant the page is read: 5 Dec 2026, 17:30 IST. */
export const NOW = new Date('2026-12-05T12:00:00Z');
const DAY = 86_400_000;
const IST_MS = 330 * 60_000;
/** 00:00 IST of the day of NOW. */
const DAY_START = new Date(Math.floor((NOW.getTime() + IST_MS) / DAY) * DAY - IST_MS);
const istMonth = (t: Date) => new Date(t.getTime() + IST_MS).toISOString().slice(0, 7);
const istDayNumber = (t: Date) => Math.floor((t.getTime() + IST_MS) / DAY);

type Account =
  | 'OWNER_PAYMENT'
  | 'OWNER_DEPOSIT'
  | 'DISTRICT_MAGISTRATE'
  | 'POUND_KEEPER'
  | 'SALE_EXPENSES'
  | 'SECURITY'
  | 'MAGISTRATE_DEPOSIT'
  | 'GOVERNMENT_REVENUE'
  | 'SALE_PROCEEDS'
  | 'DEPOSIT_REFUND'
  | 'SURPLUS_CLAIMANT';
const ACCOUNTS: Account[] = [
  'OWNER_PAYMENT',
  'OWNER_DEPOSIT',
  'DISTRICT_MAGISTRATE',
  'POUND_KEEPER',
  'SALE_EXPENSES',
  'SECURITY',
  'MAGISTRATE_DEPOSIT',
  'GOVERNMENT_REVENUE',
  'SALE_PROCEEDS',
  'DEPOSIT_REFUND',
  'SURPLUS_CLAIMANT',
];
/** What each account is published as (OWNER_PAYMENT, SALE_EXPENSES and SECURITY are not). */
const FIGURE_OF: Partial<Record<Account, string>> = {
  DISTRICT_MAGISTRATE: 'fines_paise',
  POUND_KEEPER: 'feeding_paise',
  SALE_PROCEEDS: 'sale_proceeds_paise',
  MAGISTRATE_DEPOSIT: 'surplus_held_paise',
  SURPLUS_CLAIMANT: 'surplus_claimed_paise',
  GOVERNMENT_REVENUE: 'surplus_lapsed_paise',
  OWNER_DEPOSIT: 'deposits_paise',
  DEPOSIT_REFUND: 'deposits_refunded_paise',
};
const BASES = ['S13_PAYMENT', 'S15_DEPOSIT', 'S16_REMAINING', 'S19_ORDER'] as const;
const RELEASED: Record<(typeof BASES)[number], string> = {
  S13_PAYMENT: 'released_s13',
  S15_DEPOSIT: 'released_s15',
  S16_REMAINING: 'released_s16',
  S19_ORDER: 'released_s19',
};

/** One row the test writes, at its instant. */
export type Event = { at: Date; case: number } & (
  | { kind: 'impound'; pound: number; heads: number }
  | { kind: 'release'; basis: (typeof BASES)[number]; from: number; heads: number; slot: number }
  | { kind: 'sale'; from: number; heads: number }
  | { kind: 'dispose'; from: number; heads: number }
  | { kind: 'ledger'; account: Account; amount: number; key: string }
  | { kind: 'remit'; amount: number }
  | { kind: 'complaint'; n: number }
  | { kind: 'decided'; n: number }
);

type Cell = readonly [number, number];

/** The recomputed cells of one scope (a pound, or the district: null). */
export interface Expected {
  month(month: string, figure: string): Cell;
  span(months: string[], figure: string): Cell;
  stock(figure: string): Cell;
  /** Whether anything of `figure` is dated today (the page adds today's live to the snapshot's cells). */
  today(figure: string): boolean;
}

export interface History {
  pounds: number[];
  events: Event[];
  expected(pound: number | null): Expected;
}

const caseArb = fc.record({
  pound: fc.integer({ min: 1, max: 3 }),
  daysBefore: fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 820 })),
  minute: fc.integer({ min: 0, max: 999 }),
  heads: fc.integer({ min: 1, max: 4 }),
  release: fc.option(
    fc.record({
      basis: fc.constantFrom(...BASES),
      delay: fc.integer({ min: 0, max: 60 }),
      gap: fc.option(fc.integer({ min: 0, max: 60 })),
    }),
  ),
  sale: fc.option(fc.integer({ min: 1, max: 70 })),
  /** Disposed of under the s. 14 proviso (when neither released nor sold), days after impounding. */
  dispose: fc.option(fc.integer({ min: 0, max: 70 })),
  ledger: fc.array(
    fc.record({
      account: fc.constantFrom(...ACCOUNTS),
      delay: fc.integer({ min: 0, max: 90 }),
      amount: fc.integer({ min: 1, max: 10_000_000 }),
      applied: fc.boolean(),
    }),
    { maxLength: 3 },
  ),
  remit: fc.option(
    fc.record({ delay: fc.integer({ min: 0, max: 90 }), amount: fc.integer({ min: 1, max: 5_000_000 }) }),
  ),
  complaint: fc.option(
    fc.record({ delay: fc.integer({ min: 0, max: 10 }), decided: fc.option(fc.integer({ min: 0, max: 60 })) }),
  ),
});

/** Entries that change the stock today: impounded up to 40 days back (0: today) and released, sold or disposed of today. */
const todayArb = fc.record({
  pound: fc.integer({ min: 1, max: 3 }),
  daysBefore: fc.integer({ min: 0, max: 40 }),
  heads: fc.integer({ min: 1, max: 3 }),
  how: fc.constantFrom('release', 'part', 'sale', 'dispose', 'stay'),
  minute: fc.integer({ min: 0, max: 500 }),
});

/** Random histories: 3 to 40 register entries in 2 or 3 pounds, and 1 to 4 more whose cattle leave (or come) today. */
export const history: fc.Arbitrary<History> = fc
  .tuple(
    fc.integer({ min: 2, max: 3 }),
    fc.array(caseArb, { minLength: 3, maxLength: 40 }),
    fc.array(todayArb, { minLength: 1, maxLength: 4 }),
  )
  .map(([poundCount, cases, todays]) => {
    const events: Event[] = [];
    cases.forEach((c, i) => {
      const pound = Math.min(c.pound, poundCount);
      const at = new Date(DAY_START.getTime() - c.daysBefore * DAY + c.minute * 60_000);
      const after = (days: number, hours = 1) => new Date(at.getTime() + days * DAY + hours * 3_600_000);
      events.push({ kind: 'impound', at, case: i, pound, heads: c.heads });
      if (c.release) {
        const t1 = after(c.release.delay);
        if (c.release.gap !== null && c.heads >= 2) {
          events.push({ kind: 'release', at: t1, case: i, basis: c.release.basis, from: 0, heads: 1, slot: 1 });
          const t2 = after(c.release.delay + c.release.gap, 2);
          events.push({
            kind: 'release',
            at: t2,
            case: i,
            basis: c.release.basis,
            from: 1,
            heads: c.heads - 1,
            slot: 2,
          });
        } else
          events.push({ kind: 'release', at: t1, case: i, basis: c.release.basis, from: 0, heads: c.heads, slot: 0 });
      } else if (c.sale !== null) events.push({ kind: 'sale', at: after(c.sale), case: i, from: 0, heads: c.heads });
      else if (c.dispose !== null)
        events.push({ kind: 'dispose', at: after(c.dispose, 2), case: i, from: 0, heads: c.heads });
      c.ledger.forEach((l, k) => {
        events.push({
          kind: 'ledger',
          at: after(l.delay, 3),
          case: i,
          account: l.account,
          amount: l.amount,
          key: l.applied ? `deposit:apply:${l.account}:${k}` : `posting:${k}`,
        });
      });
      if (c.remit) events.push({ kind: 'remit', at: after(c.remit.delay, 4), case: i, amount: c.remit.amount });
      if (c.complaint) {
        events.push({ kind: 'complaint', at: after(c.complaint.delay, 5), case: i, n: i });
        if (c.complaint.decided !== null)
          events.push({ kind: 'decided', at: after(c.complaint.delay + c.complaint.decided, 6), case: i, n: i });
      }
    });
    todays.forEach((c, k) => {
      const i = cases.length + k;
      const at = new Date(DAY_START.getTime() - c.daysBefore * DAY + c.minute * 60_000);
      const pound = Math.min(c.pound, poundCount);
      events.push({ kind: 'impound', at, case: i, pound, heads: c.heads });
      // Today, after the snapshot (00:05 IST) and the impounding, before NOW (17:30 IST).
      const leave = new Date(Math.max(at.getTime(), DAY_START.getTime() + 3_600_000) + 60 * 60_000);
      if (c.how === 'release' || (c.how === 'part' && c.heads < 2))
        events.push({ kind: 'release', at: leave, case: i, basis: 'S13_PAYMENT', from: 0, heads: c.heads, slot: 0 });
      else if (c.how === 'part')
        events.push({ kind: 'release', at: leave, case: i, basis: 'S15_DEPOSIT', from: 0, heads: 1, slot: 1 });
      else if (c.how === 'sale') events.push({ kind: 'sale', at: leave, case: i, from: 0, heads: c.heads });
      else if (c.how === 'dispose') events.push({ kind: 'dispose', at: leave, case: i, from: 0, heads: c.heads });
    });
    const happened = events.filter((e) => e.at < NOW).sort((a, b) => a.at.getTime() - b.at.getTime());
    const pounds = Array.from({ length: poundCount }, (_, k) => k + 1);
    return { pounds, events: happened, expected: (p: number | null) => recompute(happened, p) };
  });

/** The figures of `pound` (null: all) recomputed from the events. */
function recompute(events: Event[], pound: number | null): Expected {
  const poundOf = new Map<number, number>();
  for (const e of events) if (e.kind === 'impound') poundOf.set(e.case, e.pound);
  const mine = events.filter((e) => pound === null || poundOf.get(e.case) === pound);
  const flows: Array<{ month: string; figure: string; value: number; case: number; today: boolean }> = [];
  const add = (e: Event, figure: string, value: number) =>
    flows.push({ month: istMonth(e.at), figure, value, case: e.case, today: e.at >= DAY_START });
  for (const e of mine) {
    if (e.kind === 'impound') add(e, 'impounded', e.heads);
    if (e.kind === 'release') add(e, RELEASED[e.basis], e.heads);
    if (e.kind === 'sale') add(e, 'sold', e.heads);
    if (e.kind === 'dispose') add(e, 'disposed_s14_proviso', e.heads);
    if (e.kind === 'ledger') {
      const f = FIGURE_OF[e.account];
      if (f) add(e, f, e.amount);
      if (e.key.startsWith('deposit:apply:')) add(e, 'deposits_applied_paise', e.amount);
    }
    if (e.kind === 'remit') add(e, 'fines_remitted_paise', e.amount);
    if (e.kind === 'complaint') add(e, 'complaints_filed', 1);
    if (e.kind === 'decided') add(e, 'complaints_decided', 1);
  }
  const cellOf = (months: string[], figure: string): Cell => {
    const rows = flows.filter((f) => f.figure === figure && months.includes(f.month));
    return [rows.reduce((s, r) => s + r.value, 0), new Set(rows.map((r) => r.case)).size];
  };
  // The stock now: everything that happened before NOW, today's releases, sales and disposals included.
  const before = mine;
  const stock = new Map<string, [number, Set<number>]>();
  const put = (figure: string, value: number, c: number) => {
    const s = stock.get(figure) ?? [0, new Set<number>()];
    s[0] += value;
    s[1].add(c);
    stock.set(figure, s);
  };
  const today = istDayNumber(DAY_START);
  for (const e of before) {
    if (e.kind !== 'impound') continue;
    const gone = before
      .filter((x) => x.case === e.case && (x.kind === 'release' || x.kind === 'sale' || x.kind === 'dispose'))
      .reduce((s, x) => s + (x as { heads: number }).heads, 0);
    if (e.heads - gone <= 0) continue;
    const days = today - istDayNumber(e.at);
    put('in_pound', e.heads - gone, e.case);
    put(
      days <= 7 ? 'pending_0_7' : days <= 14 ? 'pending_8_14' : days <= 30 ? 'pending_15_30' : 'pending_over_30',
      1,
      e.case,
    );
  }
  for (const e of before)
    if (e.kind === 'complaint' && !before.some((x) => x.kind === 'decided' && x.case === e.case))
      put('complaints_pending', 1, e.case);
  return {
    month: (m, f) => cellOf([m], f),
    span: (ms, f) => cellOf(ms, f),
    today: (f) => flows.some((x) => x.figure === f && x.today),
    stock: (f) => {
      const s = stock.get(f);
      return s ? [s[0], s[1].size] : [0, 0];
    },
  };
}
