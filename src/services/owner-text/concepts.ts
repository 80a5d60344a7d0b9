import { latinWord } from './normalise';

/**
 * Words that mean the same thing to the owner's question, folded to one word before the Latin model reads a text
 * (and alike when it learns the corpus), so a sentence teaches every word of its kind: "release", "chhudwa do",
 * "wapis" and "पाछी" all meet the claim's sentences; "illegal", "galat" and "anyay" the deposit's; "address",
 * "location" and "naksha" the pound's. English and Hindi typed in Latin letters share one model, so an English
 * word and its Hindi one share one feature. Each word is in `latinKey`'s spelling (long vowels and doubled
 * letters single, w → v, ph → f, z → j, q → k); Devanagari reaches this list romanised ("लोकेशन" → "lokeshan").
 *
 * Only words of one meaning here: "chhodo" (let go, or leave it?), "band" (closed, or stop?), "take", "do" (give,
 * or two?) stay as typed, and the model weighs them by their company; "fine" is the penalty (owners ask about it).
 * The money and "already paid" rules (money-words.ts) read the text before this folding, from their own lists.
 */
const GROUPS: Record<string, string> = {
  // any animal: which one is a search's business, never the intent's
  janvar:
    'janvar janvaro janvaron jaanvar janwar pashu pasu pashuo pashuon maveshi mavesi maveshiyon dhor ' +
    'dangar animal animals cattle catle livestock gay gaay gai gaiya gaiyan gau cow cows bhains bhainse ' +
    'bhais bhens bhes bhaens bhainsa bhesa buffalo buffaloes buffalos buffalow bakri bakriyan bakariyan ' +
    'bakriya bakra bakre bakriyon goat goats bail bel baildh balad ox oxen bullock bullocks bull bulls ' +
    'sand saand bachhda bachda bachra bachhde bachde bachhdi bachdi calf calves padiya padda bhed sheep ' +
    'unt camel gadha donkey ghoda horse',
  // to get the animals released (not "chhodo": also "leave it")
  chudana:
    'chudana chudani chudane chudao chudaun chudau chudaiye chudaie chudva chudvana chudvani chudvane ' +
    'chudvao chudvaiye chudvado chudvaun chudavana chudavani chudavo chudavano chudavno chuda release ' +
    'released releasing chudvaoge chudaoge',
  vapas:
    'vapas vapis vaps vapsi pachi paachi pacha pacho pachho back return returned lautao lotao lauta lautado ' +
    'lautana lotado',
  // to hand the animals over
  havale: 'havale havaale hawale saunp sonp saump saunpo sonpo saunpna',
  // the claim by name (क्लेम romanises to "klem"); not "dava", also a medicine
  klem: 'klem claim clem clam',
  galat:
    'galat galt glt galti galati wrong vrong wrongly vrongly ilegal ilegaly unlawful unlavful unfair ' +
    'anyay anyaya ananyay injustice bevajah bejah fault kasur bekasur nainsafi pareshan harasment harassment',
  // a false accusation
  jhutha: 'jhutha jhuthi jhuth jhute false lying lie arop',
  sabut: 'sabut saboot pruf proof praman',
  // the Magistrate, a court
  adalat: 'adalat majistret magistrate court kort kachahri kacheri sdm jaj judge',
  // tied at home, in the yard
  bandha: 'bandha bandhi bandhe tied khunta khunte shed bada angan aangan courtyard yard',
  notis: 'notis notice ishtihar munadi elan',
  sthiti: 'sthiti stithi status halat',
  karvai: 'karvai karyavahi procedure process',
  virodh:
    'virodh virod protest shikayat sikayat shikayt complaint complain object objection apati apatti ' +
    'aapati dispute parivad etraj aitraj',
  nuksan: 'nuksan nukasan nuksaan damage damaged harm hani',
  khet: 'khet kheto kheton field fields farm jamin jamen land crop crops fasal',
  nilami:
    'nilami nilam nelami nilaam auction auctioned auctions nilamu bech bechoge bechenge bechna bechdo ' +
    'bechege bikega bikegi bik sale sell sold selling',
  rasta:
    'rasta rastaa raasta adres address adress location lokeshan locetion map maps naksha naksa direction ' +
    'directions route',
  khula: 'khula khuli khulta khulti khulega khulegi khulte khulne open opens opening',
  samay: 'samay samaya time timing timings hours',
  pahunch: 'pahunch pahuch pahunchu pahuchu pahunchun pahunchna pahuchna pahunche pahuche pahunchen reach reached',
  dur: 'dur far distance duri',
  fon: 'fon fone mobile mobail contact sampark call cal kol',
  bat: 'bat baat speak talk baatcit batcit batchit',
  munshi:
    'munshi munsi kiper keeper incharge inchaarj incharj adhikari oficer afsar staf karmchari karamchari ' +
    'chaukidar rakhvala rakhvale manager',
  rasid: 'rasid rasida receipt reciept receit resid parchi parchee slip',
  asli: 'asli asali nakli nakali farji genuine real fake verify valid janch jancho',
  madad: 'madad madat help halp helpa sahayata sahayta support suport guide guidance',
  thanks:
    'thanks thank thanku thankyou dhanyavad dhanyabad dhanvad danyavad shukriya sukriya shukria abhar ' +
    'apreciated apreciate meharbani meherbani thnx thx thanx tq ty thainkyu thenkyu thainku thenku',
  namaste: 'namaste namaskar namaskaar pranam paranam salam adab gritings greetings khamma akal radhe',
  // the time of day in a greeting ("good morning", "shubh sandhya"), or of the pound's hours
  subah: 'subah subha morning evening afternoon sandhya sham prabhat',
  angreji: 'angreji angrezi english inglish engls',
  yad: 'yad yaad remind reminder reminde',
  khabar:
    'khabar kabar khabr update updates apdet news notification notifications notify alert alerts samachar ' +
    'notifikeshan alart subscribe sabskraib',
  bhasha: 'bhasha bhasa language languages lang juban jaban langvej',
  jurmana:
    'jurmana jurmane fine penalty penalti dand charges charge fees fee fis kharcha kharch kharche shulk sulk rate ' +
    'ret price prais kimat',
  paisa: 'paisa paise pesa pese rupaye rupay rupye rupya rupaya rupees rupe money',
  rakam: 'rakam amount rashi total hisab hisaab bill bakaya balance pending outstanding',
  nakad: 'nakad nagad nakd cash kesh kaish',
  payment: 'payment pement paymant bhugtan bhugatan bhugataan',
  kyuar: 'kyuar qr scaner skainar scan skain barcode',
  radd: 'radd rad cancel kainsil kensil cansel ruko roko rok stop abort exit kuit',
  samajh: 'samajh samjh smjh samaj samjha samjhao samjhaiye samjhaie samjhaye understand samjhe',
  // understood: an owner's "ok", never a request for help ("samajh nahi aaya" is one)
  samajhgaya: 'samajhgaya understood',
  kes: 'kes case cases mamla mamle mamlon mamala mamale mamalon prakaran matter',
  agla: 'agla agli agle next age aage aagey',
  antim: 'antim akhiri akhri last deadline',
  thik: 'thik thek ok okay okey acha achha achcha alright thikhai',
  suno: 'suno suniye sunie listen sun suna',
  kaun: 'kaun kon who vho',
  bot: 'bot robot machine masin computer',
  ghar: 'ghar home',
  haus: 'haus house hous hause',
  apna: 'apna apni apne own ovn khud',
  mera: 'mera meri mere my hamara hamari hamare humara humari humare hamaar mine',
};

/** Each word (in the Latin key) → the one word of its kind. */
const CONCEPT = new Map<string, string>();
for (const [to, words] of Object.entries(GROUPS))
  for (const w of words.split(' ')) CONCEPT.set(latinWord(w), latinWord(to));

/** "Let go" (chhodo, chhod do): beside an animal it is the release ("bhains chhod do"), else perhaps "leave it". */
const LET_GO = new Set(
  'chhodo chhod chhoda chhodi chhodiye chhodie chhodna chhodne chhode chhoddo chhodo chhodvo chodo chod'
    .split(' ')
    .map(latinWord),
);
/**
 * "Take away" (leni, le jani, lene aaya, collect, pick up): beside an animal it is the claim ("bhains leni hai",
 * "gaay le jani h", "collect my cow"), else perhaps the keeper's taking ("kitna loge"). "le gaye" (they took it)
 * is the seizure's and is not here.
 */
const TAKE = new Set('leni lene lena leva levan lewa lejana lejani lejane collect pickup'.split(' ').map(latinWord));
/** "le" before one of these is "take away" ("le jana", "le jaun", "le ke jana" is read word by word). */
const GO = new Set(
  'jana jani jane jaun jau jaunga jaungi jayenge jaenge jasu jao jaiye jaye'.split(' ').map(latinWord),
);
const TAKE_ONE = latinWord('le');
/** "le ke jana", "lekar jaun": taking, then going. */
const HAVING = new Set('ke kar'.split(' ').map(latinWord));
const HAVING_TAKEN = new Set('leke lekar leker'.split(' ').map(latinWord));
const PICK = latinWord('pick');
const UP = latinWord('up');
/**
 * "gai" is the cow ("meri gai") — and "went, became" after a verb ("payment ho gai", "mil gai", "bik gai"), spelt
 * alike in Latin letters and romanised from गई.
 */
const WENT = latinWord('gai');
const AFTER_A_VERB = new Set(
  (
    'ho hui mil kat chali chal aa a de di bhar kar ki bhej bheji pahunch ban lag jama pakdi pakad le li khul nikal ' +
    'ruk bik bech bechi dal dali chhut chut kho mar so'
  )
    .split(' ')
    .map(latinWord),
);
/** "no" is "number" after a phone or "ka" ("rakhwale ka no do", "phone no"), else "no". */
const NO = latinWord('no');
const NUMBER = latinWord('number');
const OF_A_NUMBER = new Set('ka ke ki fon fone phone mobile mobail contact kontekt call cal'.split(' ').map(latinWord));
const GREETING = latinWord('namaste');
const SAMAJH = latinWord('samajh');
const UNDERSTOOD = latinWord('samajhgaya');
const GONE_BY = new Set('gaya gae gaye gayi gai liya lia'.split(' ').map(latinWord));
export const ANIMAL = latinWord('janvar');
export const RELEASE = latinWord('chudana');

/**
 * A text in the Latin key, each word folded to the one word of its kind (see above); `withAnimal`: read as if an
 * animal were named beside it (a word of a text weighed alone, `evidenceOf`).
 */
export function conceptKey(latin: string, withAnimal = false): string {
  const folded = latin
    .split(' ')
    .filter(Boolean)
    .map((w, i, all) => {
      if (w === WENT && AFTER_A_VERB.has(all[i - 1] ?? '')) return w;
      if (w === NO && OF_A_NUMBER.has(all[i - 1] ?? '')) return NUMBER;
      if (ramIsGreeting(all, i)) return GREETING;
      return CONCEPT.get(w) ?? w;
    })
    // "samajh gaya", "samajh gaye", "समझ गए": understood, one word
    .flatMap((w, i, all) =>
      w === SAMAJH && GONE_BY.has(all[i + 1] ?? '') ? [UNDERSTOOD] : GONE_BY.has(w) && all[i - 1] === SAMAJH ? [] : [w],
    );
  if (!withAnimal && !folded.includes(ANIMAL)) return folded.join(' ');
  const out: string[] = [];
  for (let i = 0; i < folded.length; i++) {
    const w = folded[i]!;
    const next = folded[i + 1] ?? '';
    if ((w === TAKE_ONE && GO.has(next)) || (HAVING_TAKEN.has(w) && GO.has(next)) || (w === PICK && next === UP)) {
      out.push(RELEASE);
      i++;
    } else if (w === TAKE_ONE && HAVING.has(next) && GO.has(folded[i + 2] ?? '')) {
      out.push(RELEASE);
      i += 2;
    } else out.push(LET_GO.has(w) || TAKE.has(w) ? RELEASE : w);
  }
  return out.join(' ');
}

/**
 * "ram ram", "jai shri ram", "राम राम सा", "सीता राम": the greeting; "ram" alone ("safed ram") is a class of cattle
 * (s. 3), a search's. `words` in the Latin key, in Devanagari, or as typed.
 */
const RAM = new Set(['ram', 'raam', 'राम']);
const RAM_COMPANY = new Set([
  'ram',
  'raam',
  'jai',
  'jay',
  'sita',
  'siya',
  'shri',
  'shree',
  'sri',
  'राम',
  'जय',
  'सीता',
  'सिया',
  'श्री',
]);
export function ramIsGreeting(words: readonly string[], i: number): boolean {
  const at = (j: number) => (words[j] ?? '').toLowerCase();
  return RAM.has(at(i)) && (RAM_COMPANY.has(at(i - 1)) || RAM_COMPANY.has(at(i + 1)));
}

/** A Devanagari key (normalise.ts `devanagariKey`) as the Hindi model reads it: "राम राम" the greeting. */
export function devanagariConceptKey(deva: string): string {
  return deva
    .split(' ')
    .map((w, i, all) => (ramIsGreeting(all, i) ? 'नमस्ते' : w))
    .join(' ');
}
