import { describe, expect, it } from 'vitest';
import { leakIn } from '../../scripts/log-scan';

// The scan run over the suite's and the chaos run's logs must find what it looks for, and not cry wolf at ids.
describe('log scan', () => {
  it('finds a bot token, bare or in a Bot API URL', () => {
    expect(
      leakIn('{"msg":"POST https://api.telegram.org/bot123456:ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef12/sendMessage"}'),
    ).toBe('token');
    expect(leakIn('token 123456:TEST-TOKEN-TEST-TOKEN-TEST-TOKEN-TEST')).toBe('token');
  });

  it('finds a phone number in any spelling, in text or in a JSON string', () => {
    for (const p of ['9812345678', '98123 45678', '98123-45678', '+91 98123 45678', '+919812345678', '09812345678']) {
      expect(leakIn(JSON.stringify({ msg: `lookup of ${p} failed` })), p).toBe('phone');
    }
    expect(leakIn(JSON.stringify({ msg: 'caller 7012345678' }))).toBe('phone');
  });

  it('leaves ids logged as numbers, job ids and redacted text alone', () => {
    expect(
      leakIn(JSON.stringify({ chat_id: 9000000001, user_id: 7100001, job_id: 'd.17', msg: 'sent [phone] [token]' })),
    ).toBeUndefined();
    // A request id whose last group holds ten digits after a hex letter is an id, not a number.
    expect(
      leakIn(JSON.stringify({ req_id: '528fd625-5b18-4e8e-954a-4a6679772004', msg: 'http request' })),
    ).toBeUndefined();
    // A number glued to a word is not told apart from an id either way; one standing alone is.
    expect(leakIn(JSON.stringify({ msg: 'owner (9812345678) called' }))).toBe('phone');
  });
});
