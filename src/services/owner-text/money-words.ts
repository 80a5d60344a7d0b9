import { classOfWord } from './cattle-words';
import { latinKey, latinWord } from './normalise';

/** A word list in the Latin key ("accept" → "acept"), as `latinKey` spells the text. */
const keyed = (words: readonly string[]) => new Set(words.map(latinWord));

/**
 * "I have already paid", "how do I pay" and "how much", read from the words themselves before the model: a word for money or
 * a way of paying (paisa, payment, UPI and the apps, cash, नकद, QR …) with a finished verb ("de diya", "bhej
 * diye", "ho gaya", "paid", "भर दिए") is "paid"; with a question or a future ("kaise", "chalega", "can I",
 * "dunga", "कैसे") and nothing finished it is "pay". A "not" before the verb ("paisa nahi diya to?"), a question of
 * how much or until when ("kitna", "kab tak"), or neither kind of verb leaves the text to the model. Every
 * form — Devanagari, Hinglish, English — is read in the Latin key (Devanagari romanised, spelling by ear folded,
 * the dialect forms of src/services/owner-text/normalise.ts made standard), so one list serves all three.
 */

const MONEY = keyed([
  'paisa',
  'paise',
  'pese',
  'rupaye',
  'rupay',
  'rupaya',
  'rupye',
  'rupya',
  'payment',
  'pement',
  'pay',
  'paid',
  'bhugatan',
  'bhugtan',
  'upi',
  'yupiai',
  'cash',
  'kesh',
  'kaish',
  'nakad',
  'nagad',
  'nakd',
  'money',
  'amount',
  'rakam',
  'jurmana',
  'fine',
  'fees',
  'fee',
  'charges',
  'transfer',
  'transferred',
  'online',
  'onalain',
  'onlain',
  'qr',
  'kyuar',
  'scan',
  'skain',
  'scaner',
  'skainar',
  'gugal',
  'fonape',
  'petiem',
  'jama',
]);

/** A finished act of paying (in the Latin key). */
const DONE = keyed([
  'diya',
  'diye',
  'die',
  'dia',
  'de',
  'bheja',
  'bheje',
  'bhej',
  'bhare',
  'bhara',
  'bhari',
  'chuka',
  'chuke',
  'chukaya',
  'chukta',
  'kiya',
  'kie',
  'kiye',
  'paid',
  'sent',
  'transferred',
  'gave',
  'given',
  'deposited',
  'done',
  'made',
  'already',
  'gaya',
  'gayi',
  'gaye',
  'gail',
  'dihani',
  'aya',
  'di',
  // गई romanised, "payment ho gai"
  'gai',
  'completed',
  'successful',
  'sucessful',
  'debited',
  'cleared',
  // "paise kat gaye": taken from the account
  'kat',
  'kate',
  'kata',
]);
/**
 * Words that make "de", "bhej", "gaya", "aya", "kat" a finished act only beside another ("de diya", "ho gaya", "de
 * aaya", "kat gaye"); "gai" alone is the cow.
 */
const NEEDS_COMPANY = keyed(['de', 'bhej', 'gaya', 'gayi', 'gaye', 'gai', 'aya', 'di', 'kat', 'kate', 'kata']);

/** "ho gaya", "chala gaya", "payment kar di" (a payment is feminine): a finished act (in the Latin key). */
const GONE = keyed(['ho', 'chala', 'chale', 'chali']);
const DID = keyed(['kar', 'bhar', 'jama', 'chuka']);

/** A question or a future: how, can, where, will (in the Latin key). */
const ASKING = keyed([
  'kaise',
  'kese',
  'kaisa',
  'kahan',
  'kaha',
  'kidhar',
  'kis',
  'kya',
  'chalega',
  'chalta',
  'chalegi',
  'sakta',
  'sakte',
  'sakti',
  'sakata',
  'sakate',
  'karu',
  'karun',
  'karen',
  'kare',
  'karna',
  'karni',
  'du',
  'dun',
  'dunga',
  'dungi',
  'denge',
  'bheju',
  'bhejun',
  'lana',
  'lau',
  'laun',
  'aun',
  'bhejo',
  'how',
  'can',
  'could',
  'should',
  'will',
  'shall',
  'accept',
  'accepted',
  'allowed',
  'where',
  'which',
  'way',
  'ways',
  'tarika',
  'tarike',
  'padega',
  'hoga',
  'jayega',
  'jaega',
  'number',
  'id',
]);
const NOT = keyed(['nahi', 'nahin', 'na', 'n', 'not', 'no', 'never', 'mat', 'dont', 'didnt', 'bina']);
/**
 * Words of another question beside the money: how much or until when (the dues), the receipt, taking the cattle
 * home, a deposit under protest. The model reads those.
 */
const ELSEWHERE = keyed([
  'kitna',
  'kitana',
  'kitne',
  'kitane',
  'kitni',
  'kitani',
  'much',
  'mch',
  'muh',
  'kab',
  'till',
  'until',
  'total',
  'rasid',
  'receipt',
  'parchi',
  'take',
  'dekar',
  'chhudana',
  'chudana',
  'release',
  'virodh',
  'protest',
  'complaint',
  'apati',
  'apatti',
  'aapatti',
]);

const HOW = latinWord('how');
const LAST = keyed(['last', 'akhri', 'akhiri', 'aakhri', 'antim', 'final']);
const DATE = keyed(['date', 'tarikh', 'tarik', 'tithi', 'din', 'day']);
const DEADLINE = latinWord('deadline');
const BY = latinWord('by');
const WHEN = latinWord('when');
const TILL = latinWord('till');
/** "much" as typed in a hurry ("how mch"). */
const MUCH = keyed(['much', 'mch', 'muh', 'mutch']);
/** How much (in the Latin key: Devanagari कितना romanises to "kitana"). */
const HOW_MUCH = keyed(['kitna', 'kitne', 'kitni', 'kitana', 'kitane', 'kitani', 'owe', 'cost', 'costs']);
/** After "how much"/"kitne": a count of days, a distance, an hour, cases or animals is another question. */
const NOT_MONEY = keyed([
  'din',
  'dino',
  'dinon',
  'day',
  'days',
  'door',
  'dur',
  'far',
  'baje',
  'time',
  'case',
  'cases',
  'kes',
  'prakaran',
  'bar',
  'log',
  'hafte',
  'mahine',
  'ghante',
  'many',
  // "kitni der tak khula rahega": how long, not how much
  'der',
  'deri',
  'samay',
  'minat',
  'minute',
  'km',
  'kilometer',
  'mohlat',
  'vakt',
  'vaqt',
]);

/**
 * "paid", "pay" or "dues" when the words say so plainly (see above); "dues" is a "how much" ("kitna", "कितना",
 * "how much", "what do I owe") not about days, distance, hours, cases or a count of animals. Null otherwise.
 */
export function moneyTalk(text: string): 'paid' | 'pay' | 'dues' | null {
  const w = latinKey(text).split(' ').filter(Boolean);
  // "kab tak paisa jama karna hai", "till when can I pay": until when — the dues and their day.
  // "last date for payment", "आखिरी तारीख", "by when", "deadline": until when, too.
  const untilWhen = w.some(
    (x, i) =>
      (x === 'kab' && w[i + 1] === 'tak') ||
      x === TILL ||
      x === 'until' ||
      x === DEADLINE ||
      (LAST.has(x) && DATE.has(w[i + 1] ?? '')) ||
      (x === BY && w[i + 1] === WHEN),
  );
  if (untilWhen && w.some((x) => MONEY.has(x))) return 'dues';
  const talk = paymentTalk(w);
  if (talk) return talk;
  const much = w.findIndex((x, i) => HOW_MUCH.has(x) || (MUCH.has(x) && w[i - 1] === HOW));
  if (much < 0) return null;
  // "din kitne bache hain": days, before the "how many"
  if (NOT_MONEY.has(w[much - 1] ?? '')) return null;
  const about = w.slice(much + 1, much + 3);
  if (about.some((x) => NOT_MONEY.has(x) || classOfWord(x))) return null;
  return 'dues';
}

/** True when the text names money or a way of paying (paisa, payment, UPI, cash, नकद, QR …). */
export const mentionsMoney = (text: string): boolean =>
  latinKey(text)
    .split(' ')
    .some((x) => MONEY.has(x));

/** The sum owed: "the amount", "रकम", "total", "hisab", "what I owe" — a question of the dues, not of how to pay. */
const SUM = keyed([
  'amount',
  'rakam',
  'total',
  'hisab',
  'hisaab',
  'kul',
  'due',
  'dues',
  'owe',
  'bakaya',
  'baki',
  'rashi',
]);

/** True when the text names the sum owed (above). */
export const namesTheSum = (text: string): boolean =>
  latinKey(text)
    .split(' ')
    .some((x) => SUM.has(x));

/** True when the text says "not" ("paisa nahi diya to", "if I do not pay"): paying is then not what is asked. */
export const saysNot = (text: string): boolean =>
  latinKey(text)
    .split(' ')
    .some((x) => NOT.has(x));

/** A sum in figures ("2000 de diye"): money for a finished payment, as a word for money is. */
const isSum = (x: string): boolean => /^\d{2,6}$/.test(x) && Number(x) >= 50;

function paymentTalk(w: readonly string[]): 'paid' | 'pay' | null {
  const sum = w.some(isSum);
  if (!sum && !w.some((x) => MONEY.has(x))) return null;
  if (w.some((x) => ELSEWHERE.has(x))) return null;
  const doneAt = w.findIndex(
    (x, i) =>
      DONE.has(x) &&
      (!NEEDS_COMPANY.has(x) ||
        DONE.has(w[i + 1] ?? '') ||
        DONE.has(w[i - 1] ?? '') ||
        GONE.has(w[i - 1] ?? '') ||
        (x === 'di' && DID.has(w[i - 1] ?? ''))),
  );
  if (doneAt >= 0) {
    const before = w.slice(Math.max(0, doneAt - 2), doneAt);
    if (before.some((x) => NOT.has(x))) return null;
    return 'paid';
  }
  // A sum with no word for money and no finished verb ("2000 kaise") is left to the other readers.
  if (!w.some((x) => MONEY.has(x))) return null;
  if (w.some((x) => NOT.has(x))) return null;
  return w.some((x) => ASKING.has(x)) ? 'pay' : null;
}
