import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, tsFilesUnder } from '../support/source-files';

// Every HTML page escapes its text with one function, and every language picked from a request's Accept-Language is
// picked by one function: both in src/http/page.ts. Copies drift — there were three escapers and two readings of
// Accept-Language that chose differently for the same browser. So outside that module no code escapes HTML itself,
// and the Accept-Language header is read only to be handed straight to `pageLanguage` (or named in a Vary header).
// This file reads sources only.

const MODULE = 'src/http/page.ts';

/**
 * An HTML escaper written again: a replace over a class of the characters HTML escapes, an entity written as a
 * replacement or as a table's value, or a function named for escaping.
 */
const ESCAPERS = [
  /\.replace(?:All)?\(\s*\/\[[^\]\n]*[&<>][^\]\n]*\]/g,
  /['"`]&(?:lt|gt|amp|quot|apos|#(?:\d+|x[\da-f]+|\$\{));?/gi,
  /\b(?:function\s+|(?:const|let|var)\s+)(?:escape|esc)_?(?:html|xml|attr)\w*/gi,
];

/** An Accept-Language weight read by hand. */
const WEIGHT = /(['"`])q=\1|\(\s*(['"`])q=/g;

/** Comments say what they like: the checks read code. (Strings with `//` in them stay: they are code.) */
const code = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/^\s*\/\/.*$/gm, '');

/** Each escaper, weight parse or stray read of Accept-Language in `text`, as "file:line: the matched text". */
function violationsOf(file: string, text: string): string[] {
  if (file === MODULE) return [];
  const src = code(text);
  const out: string[] = [];
  const at = (i: number, what: string) => out.push(`${file}:${src.slice(0, i).split('\n').length}: ${what}`);
  for (const re of [...ESCAPERS, WEIGHT]) for (const m of src.matchAll(re)) at(m.index, m[0]);
  for (const m of src.matchAll(/accept-language/gi)) {
    const before = src.slice(Math.max(0, m.index - 200), m.index);
    // Handed to the one reading: `pageLanguage(…, req.headers['accept-language'], …)`, within its call.
    const handed = /\bpageLanguage\(([^()]|\([^()]*\))*$/.test(before) && /headers\[\s*['"]$/.test(before);
    // Named as what the page varies on.
    const vary = /\bvary['"]?\s*:\s*['"]$/i.test(before);
    if (!handed && !vary) at(m.index, m[0]);
  }
  return out;
}

/** Every TypeScript source of the application (not the generated client, not the tests). */
const sources = () =>
  ['src', 'bot', 'jobs'].flatMap((dir) => tsFilesUnder(dir)).filter((f) => !f.startsWith('src/db/generated/'));

describe('one escaper and one reading of Accept-Language (src/http/page.ts)', () => {
  it('finds an escaper written again, in every form', () => {
    const f = 'src/http/x.ts';
    expect(
      violationsOf(f, `const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => \`&#\${c.charCodeAt(0)};\`);`),
    ).toHaveLength(3);
    expect(violationsOf(f, "s.replace(/&/g, '&amp;').replace(/</g, '&lt;')")).toEqual([
      `${f}:1: '&amp;`,
      `${f}:1: '&lt;`,
    ]);
    expect(violationsOf(f, "const TABLE = { '<': '&#60;', '>': \"&gt;\" };")).toHaveLength(2);
    expect(violationsOf(f, 'function escapeAttr(v) {}')).toHaveLength(1);
    expect(violationsOf(f, 's.replaceAll(/[<>]/g, "")')).toHaveLength(1);
  });

  it('finds Accept-Language read anywhere but into pageLanguage, and a weight parsed by hand', () => {
    const f = 'src/http/desk/routes.ts';
    expect(violationsOf(f, "languageOf(undefined, undefined, req.headers['accept-language'], fallback)")).toEqual([
      `${f}:1: accept-language`,
    ]);
    expect(violationsOf(f, "const h = req.headers['Accept-Language'];\npageLanguage(q, h, fallback);")).toHaveLength(1);
    expect(violationsOf(f, "const q = params.find((p) => p.startsWith('q='));")).toEqual([`${f}:1: ('q=`]);
    expect(violationsOf(f, "const [, w] = part.split('q=');")).toHaveLength(1);
    // What is allowed: the header handed straight in (also across lines), the Vary header, a comment.
    expect(
      violationsOf(
        f,
        "const lang = pageLanguage(\n  req.query.lang,\n  req.headers['accept-language'],\n  deps.config.DEFAULT_LANGUAGE,\n);",
      ),
    ).toEqual([]);
    expect(violationsOf(f, "pageLanguage(undefined, req.headers['accept-language'], x)")).toEqual([]);
    expect(
      violationsOf(f, "reply.headers({ vary: 'Accept-Language' });\nconst H = { 'vary': \"Accept-Language\" };"),
    ).toEqual([]);
    expect(violationsOf(f, '// the browser\'s Accept-Language, read as RFC 9110 says ("q=")\n/** &lt; */')).toEqual([]);
  });

  it('the module itself may do both', () => {
    const text = readFileSync(path.join(REPO_ROOT, MODULE), 'utf8');
    expect(violationsOf('src/http/other.ts', text).length).toBeGreaterThan(0);
    expect(violationsOf(MODULE, text)).toEqual([]);
  });

  it('no source outside src/http/page.ts escapes HTML or reads Accept-Language itself', () => {
    const found = sources().flatMap((f) => violationsOf(f, readFileSync(path.join(REPO_ROOT, f), 'utf8')));
    expect(found).toEqual([]);
  });
});
