import type { Translator, Lang } from '../../../src/i18n';

/** One bot message as the local chat printed it. */
export interface Block {
  n: number;
  header: string;
  /** The indented lines under the header, indentation removed (buttons included). */
  lines: string[];
  /** The numbered buttons at the end, in order (choice i+1). */
  buttons: string[];
  /** The whole body as one text. */
  text: string;
}

const HEADER = /^\[(\d+)\] /;
const BODY = /^ {4}/;
const BUTTON = /^\((\d+)\) (.*)$/;

/** Splits a transcript into the bot's messages (header line, then lines indented by four spaces). */
export function parseBlocks(transcript: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | undefined;
  for (const line of transcript.split('\n')) {
    const h = HEADER.exec(line);
    if (h) {
      current = { n: Number(h[1]), header: line, lines: [], buttons: [], text: '' };
      blocks.push(current);
      continue;
    }
    if (current && (BODY.test(line) || line === '')) {
      current.lines.push(line.replace(BODY, ''));
      continue;
    }
    current = undefined;
  }
  for (const b of blocks) {
    while (b.lines.length && b.lines[b.lines.length - 1] === '') b.lines.pop();
    // Buttons are the trailing "(i) text" lines, numbered 1..k.
    let start = b.lines.length;
    while (start > 0 && BUTTON.test(b.lines[start - 1]!)) start--;
    const trailing = b.lines.slice(start).map((l) => BUTTON.exec(l)!);
    const first = trailing.findIndex((m) => m[1] === '1');
    const buttons = first < 0 ? [] : trailing.slice(first).map((m) => m[2]!);
    b.buttons = buttons;
    b.text = b.lines.join('\n');
  }
  return blocks;
}

/** The messages that went to one persona, recognised by the header rendered in that persona's language. */
export function blocksTo(
  tr: Translator,
  blocks: Block[],
  lang: Lang,
  persona: 'owner' | 'keeper' | 'officer' | 'magistrate',
): Block[] {
  const label = tr.t(lang, `local:persona.${persona}`);
  return blocks.filter((b) => b.header === tr.t(lang, 'local:from_bot', { n: b.n, persona: label }));
}

/** The 1-based choice of the button with exactly this text; throws (with the buttons seen) when absent. */
export function choiceOf(block: Block, text: string): number {
  const i = block.buttons.indexOf(text);
  if (i < 0) throw new Error(`no button "${text}" on message [${block.n}]; buttons: ${JSON.stringify(block.buttons)}`);
  return i + 1;
}

/** The last element, or a clear failure. */
export function last<T>(items: T[], what: string): T {
  const item = items[items.length - 1];
  if (item === undefined) throw new Error(`expected ${what}, found none`);
  return item;
}
