import { describe, expect, it } from 'vitest';
import { poundNameIn, poundParams } from '../../src/i18n';
import { caseLink, CASE_START_PREFIX } from '../../src/services/cases';

describe('one way to name a pound and to link a case', () => {
  const pound = { name: 'Amer Pound', nameHi: 'आमेर कांजी हाउस' };
  it('picks the pound’s name by the reader’s language, and gives a queued message both', () => {
    expect(poundNameIn('en', pound)).toBe('Amer Pound');
    expect(poundNameIn('hi', pound)).toBe('आमेर कांजी हाउस');
    expect(poundParams(pound)).toEqual({ pound: 'Amer Pound', 'pound@hi': 'आमेर कांजी हाउस' });
  });
  it('links a case as /start reads it back', () => {
    const link = caseLink('kanji_bot', 'JAI1-2026-17');
    expect(link).toBe('https://t.me/kanji_bot?start=case_JAI1-2026-17');
    expect(new URL(link).searchParams.get('start')?.startsWith(CASE_START_PREFIX)).toBe(true);
  });
});
