import type { CattleClassCode } from '../../law';

/**
 * Matching vocabulary for the owners' search ("2 buffaloes, black", "2 भैंस काली", "do bhains kali"):
 * the words people use for the s. 3 classes, for colours and for counts, in English, Hindi and Hindi
 * typed in Latin letters. This is data for matching what people type, not text shown to anyone.
 */

const CLASS_WORDS: Record<CattleClassCode, string[]> = {
  elephant: ['elephant', 'elephants', 'हाथी', 'हथिनी', 'hathi', 'haathi'],
  camel: ['camel', 'camels', 'ऊँट', 'ऊंट', 'उंट', 'unt', 'oont', 'ount'],
  buffalo: [
    'buffalo',
    'buffaloes',
    'buffalos',
    'भैंस',
    'भैंसें',
    'भैंसे',
    'भैस',
    'भैसें',
    'म्हैस',
    'bhains',
    'bhainse',
    'bhainsen',
    'bhais',
    'bhens',
    'bhens',
    'bhaens',
    'mhais',
    'bhainsa',
    'भैंसा',
    'पाड़ा',
    'पाडा',
    'pada',
    'padda',
  ],
  horse: ['horse', 'horses', 'घोड़ा', 'घोड़े', 'घोडा', 'घोडे', 'ghoda', 'ghode', 'ghora', 'ghore'],
  mare: ['mare', 'mares', 'घोड़ी', 'घोडी', 'घोड़ियाँ', 'ghodi', 'ghori'],
  gelding: ['gelding', 'geldings'],
  pony: ['pony', 'ponies', 'टट्टू', 'tattu', 'tattoo'],
  colt: ['colt', 'colts', 'बछेड़ा', 'बछेड़े', 'bachheda'],
  filly: ['filly', 'fillies', 'बछेड़ी', 'bachhedi'],
  mule: ['mule', 'mules', 'खच्चर', 'khachchar', 'khachar', 'khacchar'],
  ass: ['ass', 'asses', 'donkey', 'donkeys', 'गधा', 'गधे', 'गधी', 'gadha', 'gadhe', 'gadhi'],
  pig: ['pig', 'pigs', 'hog', 'सूअर', 'सुअर', 'suar', 'suwar', 'soor'],
  ram: ['ram', 'rams', 'मेढ़ा', 'मेढा', 'मेंढा', 'medha', 'mendha'],
  ewe: ['ewe', 'ewes'],
  sheep: ['sheep', 'भेड़', 'भेड़ें', 'भेड', 'bhed', 'bhedh', 'bhedein'],
  lamb: ['lamb', 'lambs', 'मेमना', 'मेमने', 'memna', 'memne'],
  goat: [
    'goat',
    'goats',
    'बकरी',
    'बकरियाँ',
    'बकरियां',
    'बकरा',
    'बकरे',
    'bakri',
    'bakriyan',
    'bakriya',
    'bakra',
    'bakre',
    'bakari',
  ],
  kid: ['kid', 'kids', 'छौना', 'मेमनी', 'chhauna'],
  bull: ['bull', 'bulls', 'साँड़', 'सांड', 'सांड़', 'साँड', 'saand', 'sand', 'saand'],
  bullock: ['bullock', 'bullocks', 'ox', 'oxen', 'बैल', 'बैलों', 'bail', 'bael', 'bel'],
  cow: ['cow', 'cows', 'गाय', 'गायें', 'गाएं', 'गायों', 'gai', 'gay', 'gaay', 'gaye', 'gaiya', 'gaiyan'],
  heifer: ['heifer', 'heifers', 'कलोर', 'kalor', 'kalod', 'बछिया', 'बछियाँ', 'bachhiya', 'bachiya', 'bachhiyan'],
  calf: ['calf', 'calves', 'बछड़ा', 'बछड़े', 'बछडा', 'बछड़ी', 'bachhda', 'bachda', 'bachra', 'bachhde', 'bachde'],
};

/** Colours and marks, each with its canonical name. */
const COLOUR_WORDS: Record<string, string[]> = {
  black: ['black', 'काला', 'काली', 'काले', 'kala', 'kali', 'kaala', 'kaali', 'kale', 'kaale'],
  white: ['white', 'सफेद', 'सफ़ेद', 'सफेद', 'धौली', 'धौला', 'safed', 'safaid', 'sufaid', 'dhauli', 'dholi'],
  brown: ['brown', 'भूरा', 'भूरी', 'भूरे', 'bhura', 'bhuri', 'bhoora', 'bhoori'],
  red: ['red', 'लाल', 'lal', 'laal'],
  grey: ['grey', 'gray', 'स्लेटी', 'सलेटी', 'ग्रे', 'sleti', 'saleti'],
  spotted: [
    'spotted',
    'spots',
    'spot',
    'patch',
    'patches',
    'चितकबरा',
    'चितकबरी',
    'धब्बा',
    'धब्बे',
    'chitkabra',
    'chitkabri',
    'dhabba',
    'dhabbe',
  ],
  horned: ['horn', 'horns', 'horned', 'सींग', 'सिंग', 'seeng', 'sing', 'seng'],
  tagged: ['tag', 'tagged', 'टैग', 'बिल्ला', 'taig'],
};

/** Words for numbers up to ten. */
const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  एक: 1,
  दो: 2,
  तीन: 3,
  चार: 4,
  पाँच: 5,
  पांच: 5,
  छह: 6,
  छः: 6,
  छे: 6,
  सात: 7,
  आठ: 8,
  नौ: 9,
  दस: 10,
  ek: 1,
  teen: 3,
  char: 4,
  chaar: 4,
  paanch: 5,
  panch: 5,
  chhah: 6,
  saat: 7,
  aath: 8,
  nau: 9,
  das: 10,
};

/** Words that carry no search meaning. */
const STOP_WORDS = new Set([
  'a',
  'an',
  'the',
  'and',
  'of',
  'in',
  'at',
  'on',
  'from',
  'my',
  'our',
  'with',
  'near',
  'village',
  'lost',
  'missing',
  'found',
  'seized',
  'impounded',
  'head',
  'heads',
  'cattle',
  'animal',
  'animals',
  'is',
  'are',
  'was',
  'were',
  'taken',
  'pound',
  'colour',
  'color',
  'और',
  'का',
  'की',
  'के',
  'में',
  'से',
  'पर',
  'मेरी',
  'मेरा',
  'मेरे',
  'हमारी',
  'हमारा',
  'हमारे',
  'गाँव',
  'गांव',
  'ग्राम',
  'खोई',
  'खोया',
  'खोए',
  'गुम',
  'जब्त',
  'पकड़ी',
  'पकड़ा',
  'पकड़े',
  'को',
  'ने',
  'है',
  'हैं',
  'थी',
  'थे',
  'था',
  'वाली',
  'वाला',
  'वाले',
  'रंग',
  'पशु',
  'मवेशी',
  'जानवर',
  'कांजी',
  'हाउस',
  'ki',
  'ka',
  'ke',
  'mein',
  'me',
  'se',
  'aur',
  'gaon',
  'gav',
  'gaanv',
  'meri',
  'mera',
  'mere',
  'hamari',
  'hamare',
  'wali',
  'wala',
  'wale',
  'rang',
  'janwar',
  'pashu',
  'maveshi',
]);

const CLASS_INDEX = new Map<string, CattleClassCode>();
for (const [code, words] of Object.entries(CLASS_WORDS) as Array<[CattleClassCode, string[]]>) {
  for (const w of words) CLASS_INDEX.set(w.normalize('NFC').toLowerCase(), code);
}
const COLOUR_INDEX = new Map<string, string>();
for (const [canon, words] of Object.entries(COLOUR_WORDS))
  for (const w of words) COLOUR_INDEX.set(w.normalize('NFC').toLowerCase(), canon);

/** The s. 3 class a word names ("buffaloes", "भैंस", "bhains"), or null. */
export function classOfWord(word: string): CattleClassCode | null {
  return CLASS_INDEX.get(word.toLowerCase()) ?? null;
}

/** The canonical colour/mark a word names ("काली" → black), or null. */
export function colourOfWord(word: string): string | null {
  return COLOUR_INDEX.get(word.toLowerCase()) ?? null;
}

/** The count a word names ("2", "दो", "do" is not taken: it is also an English word), or null. */
export function countOfWord(word: string): number | null {
  if (/^\d{1,3}$/.test(word)) return Number(word);
  return NUMBER_WORDS[word.toLowerCase()] ?? null;
}

/** True for words that carry no search meaning. */
export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word.toLowerCase());
}

/** Canonical colours/marks mentioned in a head's description (in any language). */
export function coloursIn(description: string): Set<string> {
  const out = new Set<string>();
  for (const w of words(description)) {
    const c = colourOfWord(w);
    if (c) out.add(c);
  }
  return out;
}

/** Splits text into lower-case words (letters, marks and digits). */
export function words(text: string): string[] {
  return text
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean);
}
