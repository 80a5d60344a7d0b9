import { describe, expect, it } from 'vitest';
import { rulesFromJson } from '../../../src/services/pound-rules';

// The pound's rules come with the dues screen as JSON text (src/services/dues.ts RULES_JSON_SQL); the same text is
// parsed once and shared, and any change to a rule row — a new feeding rate, say — is a new text, parsed afresh.
const text = (paisePerDay: number) =>
  JSON.stringify({
    pound: {
      id: 1,
      code: 'JAI1',
      name: 'Jaipur Pound 1',
      nameHi: 'जयपुर कांजी हाउस 1',
      address: 'Sanganer',
      upiId: null,
      upiPayeeName: null,
      stateCode: 'RJ',
      areaCode: 'JAI',
    },
    fines: [
      {
        id: 1,
        cattleClass: 'buffalo',
        effectiveFrom: '2026-01-01',
        effectiveTo: null,
        paisePerHead: 5000,
        notification: 'N-1',
      },
    ],
    feeding: [
      {
        id: 7,
        cattleClass: 'buffalo',
        effectiveFrom: '2026-01-01',
        effectiveTo: null,
        paisePerDay: paisePerDay,
        orderRef: 'F-1',
      },
    ],
    security: [],
    orders: [],
  });

describe('the rules as read with a dues screen', () => {
  it('are parsed once for the same text, and shared frozen (no screen can change another one’s rules)', () => {
    const a = rulesFromJson(text(2500));
    const b = rulesFromJson(text(2500));
    expect(b).toBe(a);
    expect(Object.isFrozen(a.rules.feedingRates[0])).toBe(true);
    expect(() => {
      (a.rules.feedingRates[0] as { paisePerDay: number }).paisePerDay = 1;
    }).toThrow(TypeError);
    expect(a.rules.feedingRates[0]!.paisePerDay).toBe(2500);
  });

  it('follow a changed rule row at once: a new text is a new parse', () => {
    const before = rulesFromJson(text(2500));
    const after = rulesFromJson(text(3000));
    expect(after).not.toBe(before);
    expect(after.rules.feedingRates[0]!.paisePerDay).toBe(3000);
    expect(rulesFromJson(text(2500)).rules.feedingRates[0]!.paisePerDay).toBe(2500);
  });

  it('as parsed JSON (another driver) or with statutory windows: shaped the same, not shared', () => {
    const parsed = rulesFromJson(JSON.parse(text(2500)));
    expect(parsed).toEqual(rulesFromJson(text(2500)));
    expect(parsed).not.toBe(rulesFromJson(text(2500)));
    expect(rulesFromJson(text(2500), { s14ReportDays: 2 } as never).rules.windows).toEqual({ s14ReportDays: 2 });
  });
});
