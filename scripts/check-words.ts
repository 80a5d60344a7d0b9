/**
 * Code, comments and docs speak of the product and the law. A newcomer cannot look up how the work was once
 * organised, so references to work tracking (a tracker's numbers, a work session, a lettered part of a plan: the
 * patterns in TRACKING_WORDS) are kept out of the tree: this check runs in `npm test` (and so in CI) and exits 1
 * naming each line that has one.
 *
 * Owners read plain spoken words (locales/README.md): the office words in OWNER_OFFICE_WORDS are kept out of the
 * texts an owner reads (OWNER_KEYS), or glossed where the law's word must stay.
 *
 * Applied migrations are history the database has recorded (their checksums are compared at every start), so
 * prisma/migrations/ is not read. A reference to another project's tracker names that project (OTHER_PROJECT)
 * and is allowed.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** Words that point at the way the work was organised, not at the product or the law. */
export const TRACKING_WORDS: readonly RegExp[] = [
  /\bissues? ?#?\d+(\.\d+)?\b/i,
  /\bsessions? \d+\b/i,
  /\b(stop|sprint|milestone|ticket) #?\d+\b/i,
  /\bpart [A-D]\b/,
  /\bitem \d+\b/i,
  /\bTODO\b.*\breview\b/i,
];

/** Another project's tracker, named by that project (a BullMQ or grammY bug, say): allowed. */
const OTHER_PROJECT =
  /\b(BullMQ|grammY|Prisma|Node(\.js)?|fastify|Telegram|ioredis|PGlite|Typst|NLP\.js) issues? #?\d+/i;

const SKIP = [/^prisma\/migrations\//, /^package-lock\.json$/, /\.(png|jpe?g|pdf|ttf|otf|woff2?|ico)$/i];

/**
 * Office words an owner would stumble on, each with the plain word to use instead (locales/README.md keeps the
 * glossary). A legal word kept for the law's sake is allowed where it is glossed: "अभिकर्ता यानी …" or "(अभिकर्ता)",
 * "शास्ति" (यानी …).
 */
export const OWNER_OFFICE_WORDS: ReadonlyArray<{ word: RegExp; say: string }> = [
  { word: /नियत/, say: 'तय' },
  { word: /प्रायः/, say: 'आमतौर पर' },
  { word: /संभवतः/, say: 'हो सकता है' },
  { word: /सिद्ध/, say: 'दिखाना कि …' },
  { word: /प्रस्तुत/, say: 'दिखाना / देना' },
  { word: /दिन की समाप्ति/, say: '"… का दिन पूरा होने तक"' },
  { word: /अधिशेष/, say: 'बिक्री से बची राशि' },
  { word: /अभिकर्ता(?! यानी)(?!\))/u, say: 'स्वामी की ओर से आया व्यक्ति (अभिकर्ता)' },
  { word: /शास्ति(?!"? \(यानी)/u, say: 'शास्ति (यानी दंड की राशि), glossed' },
  { word: /^बंद$/, say: 'प्रकरण निपट गया (बंद is what impounded cattle are)' },
  { word: /\bheads?\b|\bhead\(s\)/i, say: 'animal(s): "head" is for staff and documents' },
];

/**
 * Keys of the texts an owner reads: his chat (the answers to his own words too, but not the admin's), his receipts and
 * the public receipt and case pages, the line he signs on the release slip and the s. 16 account, the messages the jobs
 * send him.
 */
export const OWNER_KEYS =
  /^(owner|receipt|casepage|sms|web):|^intent:(?!admin\.)|^documents:(release|account)\.sign_owner$|^staff:owner\.|^jobs:(broadcast|complaint|surplus\.to_owner|auction\.\w+\.to_owner)|^officer:(refusal_note\.to_owner|surplus_owner|surplus\.to_claimant|outcome\.to_depositor)|^refusal:owner\.|^common:(status|s15_after_last_day)/;

/** Owner texts (`key` → text, placeholders stripped before the words are read) with an office word in them. */
export function officeWordsIn(texts: ReadonlyMap<string, string>): Finding[] {
  const out: Finding[] = [];
  for (const [key, text] of texts) {
    if (!OWNER_KEYS.test(key)) continue;
    const words = text.replace(/\{\{[^}]*\}\}|\$t\([^)]*\)/g, '');
    for (const { word, say } of OWNER_OFFICE_WORDS)
      if (word.test(words)) out.push({ file: key, line: 0, text: `${word.source} → ${say}` });
  }
  return out;
}

/** Every locale text as `namespace:path.to.key` → text, for one language directory. */
function localeTexts(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (prefix: string, node: unknown) => {
    if (typeof node === 'string') out.set(prefix, node);
    else if (node && typeof node === 'object')
      for (const [k, v] of Object.entries(node)) walk(prefix.endsWith(':') ? `${prefix}${k}` : `${prefix}.${k}`, v);
  };
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.json')))
    walk(`${f.slice(0, -5)}:`, JSON.parse(readFileSync(path.join(dir, f), 'utf8')));
  return out;
}

export interface Finding {
  file: string;
  line: number;
  text: string;
}

/** The lines of `text` that carry a work-tracking word. */
export function trackingWordsIn(file: string, text: string): Finding[] {
  const out: Finding[] = [];
  text.split('\n').forEach((l, i) => {
    const cleaned = l.replace(new RegExp(OTHER_PROJECT.source, 'gi'), '');
    if (TRACKING_WORDS.some((re) => re.test(cleaned))) out.push({ file, line: i + 1, text: l.trim() });
  });
  return out;
}

function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => f && !SKIP.some((re) => re.test(f)));
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const findings: Finding[] = [];
  for (const f of trackedFiles()) {
    let text: string;
    try {
      text = readFileSync(path.join(root, f), 'utf8');
    } catch {
      continue; // listed but deleted in the work tree
    }
    // This file names the words it looks for.
    if (f === 'scripts/check-words.ts' || f === 'test/unit/check-words.test.ts') continue;
    findings.push(...trackingWordsIn(f, text));
  }
  for (const x of findings) console.error(`${x.file}:${x.line}: ${x.text.slice(0, 140)}`);
  const office = ['en', 'hi'].flatMap((lang) => officeWordsIn(localeTexts(path.join(root, 'locales', lang))));
  for (const x of office) console.error(`locales ${x.file}: office word ${x.text}`);
  if (findings.length) {
    console.error(`words: ${findings.length} line(s) name how the work was organised; say it in product and law terms`);
  }
  if (office.length) console.error(`words: ${office.length} owner text(s) use an office word; say it plainly`);
  if (findings.length || office.length) process.exit(1);
  console.log('words: ok');
}
