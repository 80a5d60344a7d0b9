import { describe, expect, it } from 'vitest';
import type { Lang } from '../../src/i18n';
import { escapeHtml, pageLanguage, publicPage } from '../../src/http/page';

// The language of every page picked from a request (the receipt page, the case page, their 429 answers, the desk's
// page): one reading of Accept-Language (RFC 9110 s. 12.5.4) with the ?lang= switch over it and DEFAULT_LANGUAGE
// under it. This file runs no server.

/** [Accept-Language, DEFAULT_LANGUAGE, the page's language, why]. */
const HEADERS: Array<[string | undefined, Lang, Lang, string]> = [
  [undefined, 'hi', 'hi', 'no header: the default'],
  ['', 'en', 'en', 'an empty header: the default'],
  ['en', 'hi', 'en', 'one language'],
  ['hi', 'en', 'hi', 'one language'],
  ['en-IN,en;q=0.9', 'hi', 'en', "an Indian phone's English"],
  ['hi-IN,hi;q=0.9,en;q=0.5', 'en', 'hi', "an Indian phone's Hindi"],
  ['en-US', 'hi', 'en', 'only a regional range: its primary subtag counts'],
  ['HI-in', 'en', 'hi', 'ranges are case-insensitive'],
  ['hi-Deva-IN', 'en', 'hi', 'a range with a script and a region'],
  ['en;q=0.5, hi;q=0.8', 'en', 'hi', 'the higher weight wins over the order'],
  ['en, hi', 'hi', 'en', 'equal weights: the one named first'],
  ['hi;q=0.7, en;q=0.7', 'en', 'hi', 'equal weights: the one named first'],
  ['ta-IN, ta;q=0.9, en;q=0.8, hi;q=0.7', 'hi', 'en', 'ours ranked by weight behind one we do not have'],
  ['ta', 'hi', 'hi', 'none of ours: the default'],
  ['ta', 'en', 'en', 'none of ours: the default'],
  ['fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5', 'hi', 'en', 'a named language above the wildcard'],
  ['*', 'en', 'en', 'the wildcard alone prefers neither: the default'],
  ['*', 'hi', 'hi', 'the wildcard alone prefers neither: the default'],
  ['ta, *;q=0.5', 'en', 'en', 'the wildcard weighs both alike: the default'],
  ['en;q=0.3, *;q=0.5', 'en', 'hi', 'the wildcard weighs Hindi, not named, above English'],
  ['*;q=0.5, en;q=0.5', 'hi', 'en', 'equal weights: a named language before one the wildcard covers'],
  ['en;q=0', 'en', 'hi', 'the default refused and the other not: the other'],
  ['hi;q=0, *', 'hi', 'en', 'the default refused, the other through the wildcard'],
  ['en, *;q=0', 'hi', 'en', 'the wildcard refuses what is not named'],
  ['*;q=0', 'hi', 'hi', 'everything refused: still a page, in the default'],
  ['en;q=0, hi;q=0', 'en', 'en', 'both refused: still a page, in the default'],
  ['en-GB;q=0, en-US', 'hi', 'en', 'of two ranges for one language the higher weight counts'],
  ['en;q=1.000, hi;q=0.999', 'hi', 'en', 'three decimals are allowed'],
  ['hi;q=2, en;q=0.9', 'hi', 'en', 'a weight above 1 is malformed: that element is skipped'],
  ['hi;q=abc, en', 'hi', 'en', 'a weight that is no number: that element is skipped'],
  ['hi;q=-1', 'en', 'en', 'a negative weight: skipped'],
  ['hi;q=0.5555, en;q=0.5', 'hi', 'en', 'four decimals: skipped'],
  ['hi;q=', 'en', 'en', 'an empty weight: skipped'],
  ['en_US', 'hi', 'hi', 'an underscore is no range'],
  ['english', 'hi', 'hi', 'a word is not the subtag en'],
  ['hil, ven', 'en', 'en', 'Hiligaynon and Venda are neither Hindi nor English'],
  ['<script>, hi', 'en', 'hi', 'a malformed element is skipped, the rest count'],
  [',, ;; , en ;q=0.9', 'hi', 'en', 'empty elements and spaces around the weight'],
  ['hi;Q=0.2, en;q=0.1', 'en', 'hi', 'the weight is case-insensitive'],
  [`${'x-'.repeat(5000)}en, hi`, 'en', 'hi', 'a very long range of no language of ours'],
  [`en-${'abcdefgh-'.repeat(2000)}!, hi`, 'en', 'hi', 'a very long malformed range: skipped, in no time'],
];

describe('the language of a page (Accept-Language, RFC 9110 s. 12.5.4)', () => {
  const shown = (h: string | undefined) => (h && h.length > 60 ? `${h.slice(0, 40)}… (${h.length} characters)` : h);
  for (const [header, fallback, expected, why] of HEADERS)
    it(`${JSON.stringify(shown(header))} (default ${fallback}) → ${expected}: ${why}`, () => {
      expect(pageLanguage(undefined, header, fallback)).toBe(expected);
    });

  it('?lang= (the switch link) wins over the header when it names one of ours, and only then', () => {
    expect(pageLanguage('en', 'hi', 'hi')).toBe('en');
    expect(pageLanguage('hi', 'en;q=1', 'en')).toBe('hi');
    expect(pageLanguage('fr', 'en', 'hi')).toBe('en');
    expect(pageLanguage('HI', 'en', 'en')).toBe('en');
    expect(pageLanguage(['hi', 'en'], 'en', 'en')).toBe('en');
    expect(pageLanguage('', undefined, 'hi')).toBe('hi');
  });
});

describe('the one escaper and the public page shell', () => {
  it('escapes the five characters that end an element or a quoted attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe(
      '&#60;a href=&#34;x&#34; title=&#39;y&#39;&#62;&#38;amp;&#60;/a&#62;',
    );
    expect(escapeHtml('गाय 2 (₹ 50)')).toBe('गाय 2 (₹ 50)');
  });

  it('escapes every text of the shell, not the body the page escaped itself', () => {
    const html = publicPage({
      lang: 'hi',
      title: '<t>',
      heading: '"h"',
      switchLabel: 'English & more',
      footer: "f'",
      style: '\n.x{color:red}\n',
      body: '<p>ok</p>',
    });
    expect(html).toContain('<html lang="hi">');
    expect(html).toContain('<title>&#60;t&#62;</title>');
    expect(html).toContain('<h1>&#34;h&#34;</h1>');
    expect(html).toContain('<a class="lang" lang="en" hreflang="en" href="?lang=en">English &#38; more</a>');
    expect(html).toContain('<footer>f&#39;</footer>');
    expect(html).toContain('<p>ok</p>');
    expect(html).toMatch(/a\{color:#0b57d0\}\n\.x\{color:red\}\n<\/style>/);
    expect(html).toContain('<meta name="robots" content="noindex">');
  });
});
