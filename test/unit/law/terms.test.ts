import { describe, expect, it } from 'vitest';
import { TERM_AMENDMENTS, termFor, type TermAmendment } from '../../../src/law';
import { ist } from './fixtures';

// Act 8 of 2026, s. 2 and Sch. (footnotes 1–5 of s. 16 in /work/shared/statute): "penalties" for "fines" in
// s. 16 only, w.e.f. 1 June 2026. s. 17 ("the fines so deducted"), s. 13 ("the fines and charges"), s. 15 and
// s. 12 are not amended and keep "fines".
describe('Act 8 of 2026: "penalties" for "fines" in s. 16 from 1 June 2026', () => {
  it.each([
    ['2026-05-31', 's. 16', 'fine', 'ACT-1-1871'],
    ['2026-06-01', 's. 16', 'penalty', 'ACT-8-2026'],
    ['2027-01-01', 's. 16', 'penalty', 'ACT-8-2026'],
    ['1990-01-01', 's. 16', 'fine', 'ACT-1-1871'],
    ['2027-01-01', 's. 12', 'fine', 'ACT-1-1871'],
    ['2027-01-01', 's. 13', 'fine', 'ACT-1-1871'],
    ['2027-01-01', 's. 15', 'fine', 'ACT-1-1871'],
    ['2027-01-01', 's. 17', 'fine', 'ACT-1-1871'],
  ] as const)('an event on %s citing %s uses "%s" (%s)', (date, section, term, version) => {
    const r = termFor(date, section);
    expect(r.ok && r.value).toMatchObject({ term, ruleVersion: version, eventDate: date, section });
  });

  it('keeps the scope as data: the five substitutions of the schedule, all in s. 16', () => {
    const act8 = TERM_AMENDMENTS.find((a) => a.id === 'ACT-8-2026')!;
    expect(act8.sections).toEqual(['s. 16']);
    expect(act8.substitutions.map((s) => [s.section, s.from, s.to])).toEqual([
      ['s. 16', 'fines', 'penalties'],
      ['s. 16', 'deposit the said fines', 'deposit the said penalties imposed'],
      ['s. 16', 'Deduction of fines and expenses', 'Deduction of penalties and expenses'],
      ['s. 16', 'fines leviable', 'penalties imposed'],
      ['s. 16', 'fines', 'penalties'],
    ]);
    expect(new Set(act8.substitutions.map((s) => s.section))).toEqual(new Set(act8.sections));
  });

  it('an instant is read as its India date: 31 May 23:59 IST is still "fine"', () => {
    const r = termFor(ist('2026-05-31T23:59'), 's. 16');
    expect(r.ok && r.value.term).toBe('fine');
    const s = termFor(ist('2026-06-01T00:00'), 's. 16');
    expect(s.ok && s.value.term).toBe('penalty');
  });

  it('takes its amendments as data, section by section', () => {
    const later: TermAmendment[] = [
      { id: 'A', act: 'A', inForceFrom: '2026-06-01', term: 'penalty', sections: ['s. 16'], substitutions: [] },
      { id: 'B', act: 'B', inForceFrom: '2030-01-01', term: 'fine', sections: ['s. 16'], substitutions: [] },
      { id: 'C', act: 'C', inForceFrom: '2028-01-01', term: 'penalty', sections: ['s. 17'], substitutions: [] },
    ];
    const r = termFor('2031-01-01', 's. 16', later);
    expect(r.ok && r.value).toMatchObject({ term: 'fine', ruleVersion: 'B' });
    const s = termFor('2029-01-01', 's. 17', later);
    expect(s.ok && s.value).toMatchObject({ term: 'penalty', ruleVersion: 'C' });
    const t = termFor('2027-01-01', 's. 17', later);
    expect(t.ok && t.value).toMatchObject({ term: 'fine', ruleVersion: 'ACT-1-1871' });
  });

  it('rejects a malformed date', () => {
    const r = termFor('2026-02-30', 's. 16');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('INVALID_DATE');
  });
});
