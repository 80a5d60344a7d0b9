import path from 'node:path';
import type { Translate } from '../../src/i18n';
import type { LocalButton, LocalMessage } from './local-bot-api';

const INDENT = '    ';

/** Buttons in reading order (row by row), numbered from 1: the numbers /tap and a bare number pick. */
export function numberedButtons(message: Pick<LocalMessage, 'buttons'>): LocalButton[] {
  return message.buttons.flat();
}

/** A saved file's path as short as it can be shown: relative to the working directory when inside it. */
export function shownPath(file: string, cwd = process.cwd()): string {
  const rel = path.relative(cwd, file);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : file;
}

/**
 * One bot message as the local chat prints it: a header naming the display number and the persona,
 * the text indented, then the saved file and the numbered buttons. Labels are in the persona's language.
 */
export function renderMessage(
  t: Translate,
  n: number,
  personaLabel: string,
  message: LocalMessage,
  edited: boolean,
): string {
  const lines = [t(edited ? 'local:edited' : 'local:from_bot', { n, persona: personaLabel })];
  if (message.text) for (const line of message.text.split('\n')) lines.push(`${INDENT}${line}`.trimEnd());
  if (message.file) {
    const key = message.file.kind === 'photo' ? 'local:photo_saved' : 'local:file_saved';
    lines.push(`${INDENT}${t(key, { path: shownPath(message.file.path) })}`);
  }
  numberedButtons(message).forEach((b, i) => {
    const choice = i + 1;
    lines.push(
      `${INDENT}${b.url ? t('local:link_button', { choice, text: b.text, url: b.url }) : t('local:button', { choice, text: b.text })}`,
    );
  });
  return lines.join('\n');
}

/** A local-chat notice (answers to /as, /time, errors): marked so it is never mistaken for the bot. */
export function renderNotice(text: string): string {
  return text
    .split('\n')
    .map((l) => `· ${l}`)
    .join('\n');
}
