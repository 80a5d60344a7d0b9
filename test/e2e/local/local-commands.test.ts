import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_JUMP_DAYS, parseJump, parseLocalCommand } from '../../../bot/local/local-commands';

describe('local chat command parsing', () => {
  it('reads the chat’s own commands', () => {
    expect(parseLocalCommand('/as keeper')).toEqual({ kind: 'as', persona: 'keeper' });
    expect(parseLocalCommand('/as DM')).toEqual({ kind: 'as', persona: 'magistrate' });
    expect(parseLocalCommand('/tap 2')).toEqual({ kind: 'tap', choice: 2 });
    expect(parseLocalCommand('/tap [5] 1')).toEqual({ kind: 'tap', message: 5, choice: 1 });
    expect(parseLocalCommand('/reply 7 paid, UTR 123456789012')).toEqual({
      kind: 'reply',
      message: 7,
      text: 'paid, UTR 123456789012',
    });
    expect(parseLocalCommand('/time +8d')).toEqual({ kind: 'time', jump: { count: 8, unit: 'd', ms: 8 * 86_400_000 } });
    expect(parseLocalCommand('/time')).toEqual({ kind: 'time' });
    expect(parseLocalCommand('/say 2')).toEqual({ kind: 'say', text: '2' });
    expect(parseLocalCommand('/local')).toEqual({ kind: 'help' });
    expect(parseLocalCommand('/photo cow.jpg')).toEqual({ kind: 'photo', path: 'cow.jpg' });
    expect(parseLocalCommand('/photo "my pics/cow 1.jpg" brown cow')).toEqual({
      kind: 'photo',
      path: 'my pics/cow 1.jpg',
      caption: 'brown cow',
    });
    expect(parseLocalCommand('/quit')).toEqual({ kind: 'quit' });
    expect(parseLocalCommand('/desk')).toEqual({ kind: 'desk' });
    expect(parseLocalCommand('   ')).toEqual({ kind: 'empty' });
  });

  it('sends everything else to the bot, other commands included', () => {
    expect(parseLocalCommand('/start')).toEqual({ kind: 'bot', text: '/start' });
    expect(parseLocalCommand('/help')).toEqual({ kind: 'bot', text: '/help' });
    expect(parseLocalCommand('JAI1-2026-1')).toEqual({ kind: 'bot', text: 'JAI1-2026-1' });
    expect(parseLocalCommand('2')).toEqual({ kind: 'bot', text: '2' });
  });

  it('names the problem of a malformed command', () => {
    expect(parseLocalCommand('/as')).toMatchObject({ kind: 'invalid', problem: 'as_usage' });
    expect(parseLocalCommand('/as farmer')).toEqual({ kind: 'invalid', problem: 'unknown_persona', input: 'farmer' });
    expect(parseLocalCommand('/tap two')).toMatchObject({ problem: 'tap_usage' });
    expect(parseLocalCommand('/tap 0')).toMatchObject({ problem: 'tap_usage' });
    expect(parseLocalCommand('/reply 5')).toMatchObject({ problem: 'reply_usage' });
    expect(parseLocalCommand('/reply x hello')).toMatchObject({ problem: 'reply_usage' });
    expect(parseLocalCommand('/time 8d')).toMatchObject({ problem: 'time_usage', input: '8d' });
    expect(parseLocalCommand('/time -1d')).toMatchObject({ problem: 'time_usage' });
    expect(parseLocalCommand('/time +0d')).toMatchObject({ problem: 'time_usage' });
    expect(parseLocalCommand(`/time +${MAX_JUMP_DAYS + 1}d`)).toMatchObject({ problem: 'time_usage' });
    expect(parseLocalCommand('/say')).toMatchObject({ problem: 'say_usage' });
    expect(parseLocalCommand('/photo')).toMatchObject({ problem: 'photo_usage' });
  });

  it('turns any forward jump in range into its milliseconds', () => {
    const unitMs = { d: 86_400_000, h: 3_600_000, m: 60_000 };
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.constantFrom('d', 'h', 'm') as fc.Arbitrary<'d' | 'h' | 'm'>,
        (n, unit) => {
          const jump = parseJump(`+${n}${unit}`);
          const ms = n * unitMs[unit];
          if (ms > MAX_JUMP_DAYS * unitMs.d) expect(jump).toBeUndefined();
          else expect(jump).toEqual({ count: n, unit, ms });
        },
      ),
    );
  });

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const c = parseLocalCommand(s);
        expect(c.kind).toBeTypeOf('string');
      }),
    );
  });
});
