import { words } from './cattle-words';
import type { Lang } from '../../i18n';
import { latinWord } from './normalise';

const set = (list: string[]) => new Set(list.map((w) => w.normalize('NFC')));
const ENGLISH = set(['english', 'angreji', 'angresi', 'inglish', 'engalish', 'अंग्रेजी', 'अंग्रेज़ी', 'इंग्लिश']);
const HINDI = set(['hindi', 'hindee', 'हिंदी', 'हिन्दी']);

/** The language a "change language" message names ("English please" → en, "हिंदी में" → hi); null for none or both. */
export function languageAsked(text: string): Lang | null {
  let en = false;
  let hi = false;
  for (const w of words(text)) {
    const key = /[a-z]/.test(w) ? latinWord(w) : w.normalize('NFC');
    if (ENGLISH.has(w) || ENGLISH.has(key)) en = true;
    if (HINDI.has(w) || HINDI.has(key)) hi = true;
  }
  return en === hi ? null : en ? 'en' : 'hi';
}
