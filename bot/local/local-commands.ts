import { parseCaseNumber } from '../../src/services/cases';
import { parsePersona, type PersonaName } from './personas';

/** How far one `/time` may jump: far enough for the s. 17 three-month surplus hold, with room. */
export const MAX_JUMP_DAYS = 1000;

const UNIT_MS = { d: 86_400_000, h: 3_600_000, m: 60_000 } as const;
export type TimeUnit = keyof typeof UNIT_MS;

/** What one line typed into the local chat asks for. Anything not for the chat itself goes to the bot. */
export type LocalCommand =
  | { kind: 'empty' }
  | { kind: 'help' }
  | { kind: 'quit' }
  | { kind: 'desk' }
  | { kind: 'as'; persona: PersonaName }
  | { kind: 'tap'; message?: number; choice: number }
  | { kind: 'reply'; message: number; text: string }
  | { kind: 'time'; jump?: { count: number; unit: TimeUnit; ms: number } }
  | { kind: 'say'; text: string }
  | { kind: 'photo'; path: string; caption?: string }
  | { kind: 'bot'; text: string }
  | {
      kind: 'invalid';
      problem:
        | 'as_usage'
        | 'unknown_persona'
        | 'tap_usage'
        | 'reply_usage'
        | 'time_usage'
        | 'say_usage'
        | 'photo_usage';
      input: string;
    };

/**
 * Parses a line. Local-chat commands: /local (help), /quit, /as, /tap, /reply, /time, /say, /photo, /desk. Every other
 * line — other commands included — is for the bot. A bare number is decided by the chat (it taps only
 * when a keyboard is open), so it comes back as `bot`.
 */
export function parseLocalCommand(line: string): LocalCommand {
  const text = line.trim();
  if (!text) return { kind: 'empty' };
  const m = /^\/(\w+)(?:@\w+)?(?:\s+([\s\S]*))?$/.exec(text);
  if (!m) return { kind: 'bot', text };
  const command = m[1]!.toLowerCase();
  const rest = (m[2] ?? '').trim();
  switch (command) {
    case 'local':
      return { kind: 'help' };
    case 'quit':
    case 'exit':
      return { kind: 'quit' };
    case 'desk':
      return { kind: 'desk' };
    case 'as': {
      if (!rest) return { kind: 'invalid', problem: 'as_usage', input: text };
      const persona = parsePersona(rest);
      return persona ? { kind: 'as', persona } : { kind: 'invalid', problem: 'unknown_persona', input: rest };
    }
    case 'tap': {
      const one = /^(\d{1,6})$/.exec(rest);
      if (one)
        return positive(Number(one[1]))
          ? { kind: 'tap', choice: Number(one[1]) }
          : { kind: 'invalid', problem: 'tap_usage', input: text };
      const two = /^\[?(\d{1,9})\]?\s+(\d{1,6})$/.exec(rest);
      if (two && positive(Number(two[1])) && positive(Number(two[2])))
        return { kind: 'tap', message: Number(two[1]), choice: Number(two[2]) };
      return { kind: 'invalid', problem: 'tap_usage', input: text };
    }
    case 'reply': {
      const r = /^\[?(\d{1,9})\]?\s+([\s\S]+)$/.exec(rest);
      if (!r || !positive(Number(r[1])) || !r[2]!.trim())
        return { kind: 'invalid', problem: 'reply_usage', input: text };
      return { kind: 'reply', message: Number(r[1]), text: r[2]!.trim() };
    }
    case 'time': {
      if (!rest) return { kind: 'time' };
      const jump = parseJump(rest);
      return jump ? { kind: 'time', jump } : { kind: 'invalid', problem: 'time_usage', input: rest };
    }
    case 'say':
      return rest ? { kind: 'say', text: rest } : { kind: 'invalid', problem: 'say_usage', input: text };
    case 'photo': {
      // "/photo JAI1-2026-1" is the keeper's command (a case's photos); a file to send has a path.
      if (parseCaseNumber(rest) && !/[./\\]/.test(rest)) return { kind: 'bot', text };
      // A path with spaces is written in quotes; the rest of the line is the caption.
      const m2 = /^(?:"([^"]+)"|(\S+))(?:\s+([\s\S]+))?$/.exec(rest);
      if (!m2) return { kind: 'invalid', problem: 'photo_usage', input: text };
      const caption = m2[3]?.trim();
      return { kind: 'photo', path: (m2[1] ?? m2[2])!, ...(caption ? { caption } : {}) };
    }
    default:
      return { kind: 'bot', text };
  }
}

/** "+8d", "+3h", "+30m" → a forward jump; the demo clock never goes back (deadlines already run stay run). */
export function parseJump(input: string): { count: number; unit: TimeUnit; ms: number } | undefined {
  const m = /^\+\s*(\d{1,7})\s*([dhm])$/i.exec(input.trim());
  if (!m) return undefined;
  const count = Number(m[1]);
  const unit = m[2]!.toLowerCase() as TimeUnit;
  const ms = count * UNIT_MS[unit];
  if (count < 1 || ms > MAX_JUMP_DAYS * UNIT_MS.d) return undefined;
  return { count, unit, ms };
}

function positive(n: number): boolean {
  return Number.isSafeInteger(n) && n >= 1;
}
