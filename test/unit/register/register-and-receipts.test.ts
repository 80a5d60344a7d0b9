import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatRupees } from '../../../src/i18n';
import {
  ENROLMENT_CODE_LENGTH,
  hashEnrolmentCode,
  normaliseCode,
  randomCode,
  UNAMBIGUOUS_ALPHABET,
  authorize,
  may,
  poundsInScope,
  staffActorOf,
  type Grant,
} from '../../../src/services/staff';
import { receiptItemsFromSnapshot, receiptNumber } from '../../../src/services/receipts';
import { csvCell, istStamp, paiseToRupeesText, validateSeizureEntry } from '../../../src/services/register';
import { parseCaseNumber } from '../../../src/services/cases';
import { nextCaseActions } from '../../../src/services/case-transition';
import { Refusal } from '../../../src/services/refusal';

describe('codes', () => {
  it('enrolment codes use only unambiguous characters and hash case-insensitively', () => {
    const codes = Array.from({ length: 200 }, () => randomCode(ENROLMENT_CODE_LENGTH));
    for (const c of codes) expect(c).toMatch(new RegExp(`^[${UNAMBIGUOUS_ALPHABET}]{${ENROLMENT_CODE_LENGTH}}$`));
    expect(new Set(codes).size).toBe(codes.length);
    for (const ch of '0O1IL5S2Z8B') expect(UNAMBIGUOUS_ALPHABET).not.toContain(ch);
    expect(hashEnrolmentCode('abc-de fgh')).toBe(hashEnrolmentCode('ABCDEFGH'));
    expect(normaliseCode(' wa7k-w3te ')).toBe('WA7KW3TE');
  });
  it('receipt numbers are per pound and year, zero-padded', () => {
    expect(receiptNumber('JAI1', 2026, 123)).toBe('JAI1-R-2026-000123');
  });
  it('case numbers typed in any case are normalised, others refused', () => {
    expect(parseCaseNumber(' jai1-2026-17 ')?.number).toBe('JAI1-2026-17');
    expect(parseCaseNumber('12345')).toBeNull();
    expect(parseCaseNumber('JAI1-26-17')).toBeNull();
  });
});

describe('register export cells', () => {
  it('plain rupees from paise agree with the Indian formatter’s digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), (paise) => {
        expect(paiseToRupeesText(paise)).toBe(formatRupees(paise).replace(/[₹,]/g, ''));
      }),
    );
  });
  it('quotes what needs quoting and defuses spreadsheet formulas', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+91 98')).toBe("'+91 98");
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
  });
  it('stamps instants in India time', () => {
    expect(istStamp(new Date('2026-11-28T20:00:00Z'))).toBe('2026-11-29 01:30');
  });
});

describe('receipt items from the dues snapshot', () => {
  const snapshot = {
    lines: [
      { kind: 'fine', section: 's. 12', term: 'penalty', cattleClass: 'cow', heads: 2, amountPaise: 20000 },
      { kind: 'feeding', section: 's. 5', cattleClass: 'cow', heads: 2, days: 3, amountPaise: 42000 },
    ],
  };
  it('keeps each line with its section when they add up to the amount', () => {
    const items = receiptItemsFromSnapshot(snapshot, 62000, 'S13_PAYMENT', new Date('2026-11-29T05:00:00Z'));
    expect(items.map((i) => [i.kind, i.section, i.amountPaise, i.term])).toEqual([
      // A s. 13 receipt says "fine" whatever the snapshot said: Act 8 of 2026 amends s. 16 only.
      ['fine', 's. 12', 20000, 'fine'],
      ['feeding', 's. 5', 42000, undefined],
    ]);
  });
  it('falls back to one line under the receipt’s section when the lines do not add up or are missing', () => {
    expect(receiptItemsFromSnapshot(snapshot, 70000, 'S15_DEPOSIT', new Date())).toEqual([
      { kind: 'total', section: 's. 15', amountPaise: 70000 },
    ]);
    expect(receiptItemsFromSnapshot(null, 500, 'S13_PAYMENT', new Date())).toEqual([
      { kind: 'total', section: 's. 13', amountPaise: 500 },
    ]);
    expect(receiptItemsFromSnapshot({ lines: [{ kind: 'fine' }] }, 500, 'S13_PAYMENT', new Date())).toEqual([
      { kind: 'total', section: 's. 13', amountPaise: 500 },
    ]);
  });
  it('words the line by the section of the receipt and its date (Act 8 of 2026 amends s. 16 only)', () => {
    const s = { lines: [{ kind: 'fine', section: 's. 12', amountPaise: 100 }] };
    expect(receiptItemsFromSnapshot(s, 100, 'S13_PAYMENT', new Date('2026-05-31T12:00:00+05:30'))[0]!.term).toBe(
      'fine',
    );
    expect(receiptItemsFromSnapshot(s, 100, 'S13_PAYMENT', new Date('2026-06-01T00:30:00+05:30'))[0]!.term).toBe(
      'fine',
    );
    expect(receiptItemsFromSnapshot(s, 100, 'S15_DEPOSIT', new Date('2026-06-01T00:30:00+05:30'))[0]!.term).toBe(
      'fine',
    );
    expect(receiptItemsFromSnapshot(s, 100, 'S16_BALANCE', new Date('2026-05-31T12:00:00+05:30'))[0]!.term).toBe(
      'fine',
    );
    expect(receiptItemsFromSnapshot(s, 100, 'S16_BALANCE', new Date('2026-06-01T00:30:00+05:30'))[0]!.term).toBe(
      'penalty',
    );
  });
});

describe('staff rights (one authorize for every staff action)', () => {
  const keeperA: Grant = { staffId: 1, role: 'POUND_KEEPER', name: 'A', poundIds: [1] };
  const officerA: Grant = { staffId: 3, role: 'OFFICER', name: 'O', poundIds: [1] };
  const admin: Grant = { staffId: 2, role: 'ADMIN', name: 'Z', poundIds: [] };
  const via = { telegramId: 5n, chatId: 5, messageId: 9 };
  const as = (...grants: Grant[]) => staffActorOf(grants, via);
  it('a keeper acts on their pound only; an owner on none; an admin everywhere', () => {
    expect(authorize(as(keeperA), 'payment.confirm', 1).grant).toBe(keeperA);
    expect(() => authorize(as(keeperA), 'payment.confirm', 2)).toThrow(
      expect.objectContaining({ code: 'WRONG_POUND' }),
    );
    expect(() => authorize(as(), 'payment.confirm', 1)).toThrow(Refusal);
    expect(() => authorize(as(), 'payment.confirm', 1)).toThrow(expect.objectContaining({ code: 'NOT_ALLOWED' }));
    expect(() => authorize(as(keeperA), 'auction', 1)).toThrow(expect.objectContaining({ code: 'NOT_ALLOWED' }));
    expect(authorize(as(admin), 'payment.confirm', 99).grant).toBe(admin);
    // Both keeper and admin: acts as the keeper where the keeper grant covers the pound, in either order.
    expect(authorize(as(admin, keeperA), 'payment.confirm', 1).grant).toBe(keeperA);
    expect(authorize(as(keeperA, admin), 'payment.confirm', 1).grant).toBe(keeperA);
  });
  it("an administrator is treated the same for every right: he acts as the right's first role, audited as admin", () => {
    for (const right of [
      'seizure.register',
      'payment.confirm',
      'release',
      'release.order',
      'notice',
      'auction',
      'owner.refusal',
      'magistrate',
    ] as const) {
      const a = authorize(as(admin), right, 42);
      expect(a.audit).toMatchObject({ role: 'admin', staffId: 2, telegramId: 5n, chatId: 5, messageId: 9 });
      expect(may(as(admin), right, 42)).toBe(true);
    }
    expect(authorize(as(admin), 'auction', 1).lawRole).toBe('officer');
    expect(authorize(as(admin), 'magistrate', 1).lawRole).toBe('magistrate');
    expect(poundsInScope(as(admin), 'notice')).toBe('all');
  });
  it('may and poundsInScope agree with authorize', () => {
    expect(may(as(keeperA, officerA), 'owner.refusal', 1)).toBe(true);
    expect(authorize(as(keeperA, officerA), 'owner.refusal', 1).role).toBe('OFFICER');
    expect(authorize(as(keeperA), 'owner.refusal', 1)).toMatchObject({
      role: 'POUND_KEEPER',
      lawRole: 'pound_keeper',
      audit: { role: 'pound_keeper', staffId: 1 },
    });
    expect(may(as(officerA), 'payment.confirm')).toBe(false);
    expect(poundsInScope(as(keeperA, officerA), 'payment.confirm')).toEqual([1]);
    expect(poundsInScope(as(), 'payment.confirm')).toEqual([]);
  });
});

describe('next actions come from the statute engine (buttons are built from them)', () => {
  const keeper = staffActorOf([{ staffId: 1, role: 'POUND_KEEPER', name: 'K', poundIds: [1] }], {
    telegramId: 1n,
    chatId: 1,
    messageId: 1,
  });
  const owner = staffActorOf([], { telegramId: 2n, chatId: 2, messageId: 1 });
  const facts = (status: string) => ({
    status,
    poundId: 1,
    impoundedAt: new Date('2026-06-01T10:00:00+05:30'),
    heads: [{ status: 'IMPOUNDED' }],
    reportedAt: new Date('2026-06-08T10:00:00+05:30'),
    noticePostedAt: status === 'NOTICE_POSTED' ? new Date('2026-06-09T10:00:00+05:30') : null,
  });
  const now = new Date('2026-06-10T10:00:00+05:30');
  it('s. 16: the refusal may be recorded while the cattle are unclaimed or claimed but unpaid, not once an auction is fixed', () => {
    for (const st of ['IMPOUNDED', 'PAYMENT_PENDING', 'DEPOSIT_PENDING', 'REPORTED_S14', 'NOTICE_POSTED']) {
      expect(nextCaseActions(facts(st), keeper, 'owner.refusal', now).has('REFUSE_TO_PAY'), st).toBe(true);
    }
    expect(
      nextCaseActions(
        { ...facts('AUCTION_SCHEDULED'), auction: { status: 'SCHEDULED', scheduledFor: now } },
        keeper,
        'owner.refusal',
        now,
      ).has('REFUSE_TO_PAY'),
    ).toBe(false);
    expect(nextCaseActions(facts('NOTICE_POSTED'), keeper, 'owner.refusal', now).has('SCHEDULE_AUCTION')).toBe(false);
    expect(nextCaseActions(facts('NOTICE_POSTED'), owner, 'owner.refusal', now).size).toBe(0);
    expect(nextCaseActions({ ...facts('NOTICE_POSTED'), poundId: 2 }, keeper, 'owner.refusal', now).size).toBe(0);
  });
});

describe('s. 8 register entry checks', () => {
  const now = new Date('2026-11-29T10:00:00+05:30');
  const entry = {
    poundId: 1,
    groups: [{ cattleClass: 'goat', count: 3, descriptions: ['white; black; brown'.split(';')].flat() }],
    impoundedAt: new Date('2026-11-29T09:00:00+05:30'),
    seizerName: ' Ram  Lal ',
    seizerResidence: 'Kunda',
    placeOfSeizure: 'Kunda',
  };
  it('expands groups into numbered heads, one description each or one for all', () => {
    const v = validateSeizureEntry(entry, now);
    expect(v.heads.map((h) => h.description)).toEqual(['white', 'black', 'brown']);
    expect(v.seizerName).toBe('Ram Lal');
    const one = validateSeizureEntry(
      { ...entry, groups: [{ cattleClass: 'cow', count: 2, descriptions: ['brown'] }] },
      now,
    );
    expect(one.heads.map((h) => h.description)).toEqual(['brown', 'brown']);
  });
  it.each([
    [{ impoundedAt: new Date(now.getTime() + 60_000) }, 'FUTURE_TIME', 's. 8'],
    [{ groups: [{ cattleClass: 'dog', count: 1, descriptions: ['x'] }] }, 'UNKNOWN_CLASS', 's. 3'],
    [{ groups: [{ cattleClass: 'cow', count: 0, descriptions: ['x'] }] }, 'BAD_COUNT', 's. 8'],
    [{ groups: [{ cattleClass: 'cow', count: 501, descriptions: ['x'] }] }, 'TOO_MANY_HEADS', 's. 8'],
    [{ placeOfSeizure: 'Kunda\u202Eadnuk' }, 'BAD_CHARACTER', 's. 8'],
    [{ seizerName: 'Ram\u0007 Lal' }, 'BAD_CHARACTER', 's. 8'],
    [{ groups: [{ cattleClass: 'cow', count: 1, descriptions: ['brown\u0000'] }] }, 'BAD_CHARACTER', 's. 8'],
    [{ groups: [{ cattleClass: 'cow', count: 3, descriptions: ['a', 'b'] }] }, 'MISSING_FIELD', 's. 8'],
    [{ seizerName: '  ' }, 'MISSING_FIELD', 's. 8'],
    [{ groups: [] }, 'MISSING_FIELD', 's. 8'],
  ])('refuses %j', (patch, problem, section) => {
    let error: unknown;
    try {
      validateSeizureEntry({ ...entry, ...patch } as typeof entry, now);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(Refusal);
    expect(error).toMatchObject({ code: `SEIZURE_${problem}`, section });
  });
  it('keeps the joiners Hindi keyboards type inside a word (U+200C, U+200D)', () => {
    const v = validateSeizureEntry({ ...entry, seizerName: 'लक्\u200Dष्मण', placeOfSeizure: 'कुं\u200Cडा' }, now);
    expect(v.seizerName).toBe('लक्\u200Dष्मण');
  });
  it('accepts the exact current instant', () => {
    expect(validateSeizureEntry({ ...entry, impoundedAt: now }, now).heads).toHaveLength(3);
  });
});
