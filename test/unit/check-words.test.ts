import { describe, expect, it } from 'vitest';
import { officeWordsIn, trackingWordsIn } from '../../scripts/check-words';

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

  it('finds office words in the texts an owner reads, and leaves glossed ones and staff texts alone', () => {
    const found = officeWordsIn(
      new Map([
        ['owner:next.auction_at', 'नीलामी {{at, datetime}} नियत है'],
        ['owner:claim.agent_button', 'मैं स्वामी का अभिकर्ता हूँ'],
        ['owner:dues.term_note', 'धारा 16 इस राशि को "शास्ति" कहती है'],
        ['common:status.CLOSED', 'बंद'],
        ['casepage:status_note_other', '{{count}} heads are in the pound now.'],
        ['jobs:surplus.to_owner', 'दावा करके उसे सिद्ध करना होगा'],
        ['intent:next.title', 'नीलामी नियत है'],
        ['documents:release.sign_owner', 'स्वामी या अभिकर्ता (हस्ताक्षर)'],
      ]),
    );
    expect(found.map((f) => f.file)).toEqual([
      'owner:next.auction_at',
      'owner:claim.agent_button',
      'owner:dues.term_note',
      'common:status.CLOSED',
      'casepage:status_note_other',
      'jobs:surplus.to_owner',
      'intent:next.title',
      'documents:release.sign_owner',
    ]);
    expect(
      officeWordsIn(
        new Map([
          ['owner:claim.intro_one', 'स्वामी की ओर से (अभिकर्ता यानी प्रतिनिधि के रूप में)'],
          ['owner:claim.agent_button', 'मैं स्वामी की ओर से आया हूँ (अभिकर्ता)'],
          ['owner:dues.term_note', 'इस राशि को "शास्ति" (यानी दंड की राशि) कहती है'],
          ['owner:dues.line_fine', '• {{term}} (s. 12): {{heads}} × {{cls}}'],
          ['officer:auction.ask_at', 'नीलामी का समय नियत करें'],
          ['jobs:broadcast.notice_one', '{{pound}} में बंद पशु'],
          ['intent:admin.usage', 'नियत'],
          ['documents:release.sign_keeper', 'अभिकर्ता'],
        ]),
      ),
    ).toEqual([]);
  });
});
