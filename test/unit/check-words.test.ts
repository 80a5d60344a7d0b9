import { describe, expect, it } from 'vitest';
import { trackingWordsIn } from '../../scripts/check-words';

describe('the words check (code and docs speak of the product and the law)', () => {
  it('finds references to work tracking', () => {
    for (const line of [
      '// A part claim (issue #10 item 11): the dues of the heads named.',
      ' * Read models of the owner screens (issue 13): one statement.',
      '// measured in session 5',
      '// Staff flows, part A.',
      '-- Issue 12.3: money is BIGINT',
    ]) {
      expect(trackingWordsIn('x.ts', line), line).toHaveLength(1);
    }
  });

  it('lets the product, the law and other projects’ trackers through', () => {
    for (const line of [
      '// s. 14: the notice is posted seven days after the report.',
      '// the worker hung on a closed connection (BullMQ issue #4656).',
      '// A part payment covers its owner’s heads only.',
      '"issued": "Receipt issued"',
    ]) {
      expect(trackingWordsIn('x.ts', line), line).toEqual([]);
    }
  });
});
