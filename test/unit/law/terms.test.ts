import { describe, expect, it } from 'vitest';
import { termFor, type TermAmendment } from '../../../src/law';
import { ist } from './fixtures';

describe('Act 8 of 2026: "penalties" for "fines" from 1 June 2026', () => {
  it.each([
    ['2026-05-31', 'fine', 'ACT-1-1871'],
    ['2026-06-01', 'penalty', 'ACT-8-2026'],
    ['2027-01-01', 'penalty', 'ACT-8-2026'],
    ['1990-01-01', 'fine', 'ACT-1-1871'],
  ] as const)('an event on %s uses "%s" (%s)', (date, term, version) => {
    const r = termFor(date);
    expect(r.ok && r.value).toMatchObject({ term, ruleVersion: version, eventDate: date });
  });

  it('an instant is read as its India date: 31 May 23:59 IST is still "fine"', () => {
    const r = termFor(ist('2026-05-31T23:59'));
    expect(r.ok && r.value.term).toBe('fine');
    const s = termFor(ist('2026-06-01T00:00'));
    expect(s.ok && s.value.term).toBe('penalty');
  });

  it('takes its amendments as data', () => {
    const later: TermAmendment[] = [
      { id: 'A', act: 'A', inForceFrom: '2026-06-01', term: 'penalty', sections: ['s. 16'] },
      { id: 'B', act: 'B', inForceFrom: '2030-01-01', term: 'fine', sections: ['s. 16'] },
    ];
    const r = termFor('2031-01-01', later);
    expect(r.ok && r.value).toMatchObject({ term: 'fine', ruleVersion: 'B' });
  });

  it('rejects a malformed date', () => {
    const r = termFor('2026-02-30');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('INVALID_DATE');
  });
});
