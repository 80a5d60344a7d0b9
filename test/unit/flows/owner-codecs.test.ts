import { describe, expect, it } from 'vitest';
import { ownerCb } from '../../../bot/keyboards/owner';
import { encodeCallback } from '../../../src/callback-data';

const secret = 'owner-codec-secret';

/**
 * the claim's, payment's, dues' and "Which of these are yours?" buttons moved from bare
 * `cb(ctx, action, ...args)` to typed codecs. Buttons already in owners' chats were drawn the old way; each codec
 * must draw (and read) exactly the old wire format, or those buttons would answer "out of date".
 */
describe('owner button codecs keep the wire format of the bare-action buttons', () => {
  const cases: Array<[string, string, Array<string | number>]> = [
    [ownerCb.claimRole.encode(secret, { caseId: 17, kind: 13, role: 'o' }), 'who', [17, '13', 'o']],
    [ownerCb.claimRole.encode(secret, { caseId: 17, kind: 15, role: 'a' }), 'who', [17, '15', 'a']],
    [ownerCb.declaration.encode(secret, { claimId: 4, declaration: 1 }), 'dcl', [4, 1]],
    [ownerCb.payMethod.encode(secret, { claimId: 4, method: 'u' }), 'pm', [4, 'u']],
    [ownerCb.havePaid.encode(secret, { claimId: 4, method: 'c', amountPaise: 123456 }), 'ip', [4, 'c', 123456]],
    [ownerCb.noUpiRef.encode(secret, { claimId: 4, amountPaise: 123456 }), 'nr', [4, 123456]],
    [ownerCb.whatIf.encode(secret, { caseId: 17 }), 'wi', [17]],
    [ownerCb.toggleHead.encode(secret, { claimId: 4, headId: 9 }), 'hd', [4, 9]],
    [ownerCb.allHeads.encode(secret, { claimId: 4 }), 'hda', [4]],
    [ownerCb.headsDone.encode(secret, { claimId: 4 }), 'hdd', [4]],
  ];

  it.each(cases)('%s', (drawn, action, args) => {
    expect(drawn).toBe(encodeCallback(secret, action, ...args));
  });

  it('reads an old button typed, and refuses one of another action or shape', () => {
    expect(ownerCb.claimRole.decode(secret, encodeCallback(secret, 'who', 17, '15', 'a'))).toEqual({
      caseId: 17,
      kind: 15,
      role: 'a',
    });
    expect(ownerCb.havePaid.decode(secret, encodeCallback(secret, 'ip', 4, 'u', 500))).toEqual({
      claimId: 4,
      method: 'u',
      amountPaise: 500,
    });
    // "hd" must not take "hda"/"hdd" taps (nor the other way round): the prefix is the whole action.
    expect(ownerCb.toggleHead.decode(secret, encodeCallback(secret, 'hda', 4))).toBeNull();
    expect(ownerCb.allHeads.decode(secret, encodeCallback(secret, 'hd', 4, 9))).toBeNull();
    expect(ownerCb.headsDone.decode(secret, encodeCallback(secret, 'hda', 4))).toBeNull();
    // An altered amount does not verify.
    expect(
      ownerCb.havePaid.decode(secret, encodeCallback(secret, 'ip', 4, 'c', 500).replace('|500|', '|5|')),
    ).toBeNull();
  });
});
