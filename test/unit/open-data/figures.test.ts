import { describe, expect, it } from 'vitest';
import { FIGURES, publish, SUPPRESSED } from '../../../src/services/open-data';
import { sumPeriods, sumPounds } from '../../../src/services/open-data/figures';

// The "< 3" rule and how cells combine (src/services/open-data/figures.ts): no database.
describe('open data cells', () => {
  it('publishes a cell of one or two register entries as "< 3", none or three and more exactly', () => {
    expect(publish([0, 0])).toBe(0);
    expect(publish([7, 1])).toBe(SUPPRESSED);
    expect(publish([120_000, 2])).toBe(SUPPRESSED);
    expect(publish([9, 3])).toBe(9);
  });

  it('adds entries across pounds; across periods only for the impounding, else the largest part', () => {
    const a = { impounded: [2, 1] as const, released_s13: [2, 2] as const };
    const b = { impounded: [4, 2] as const, released_s13: [1, 1] as const };
    expect(sumPounds([a, b])).toEqual({ impounded: [6, 3], released_s13: [3, 3] });
    // The same entry may be released in part in two months: two entries at most, perhaps one.
    expect(sumPeriods([a, b])).toEqual({ impounded: [6, 3], released_s13: [3, 2] });
  });

  it('cites a section of the Act for every figure', () => {
    for (const f of FIGURES) expect(f.section, f.name).toMatch(/^ss?\. \d/);
  });
});
