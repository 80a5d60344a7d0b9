import { readFileSync } from 'node:fs';
import * as hb from 'harfbuzzjs';
import { describe, expect, it } from 'vitest';
import { fontFiles, renderSvg } from '../../src/documents/engine';

// Devanagari shaping in the documents: each string is typeset by the document engine (Typst) and the glyphs
// it drew are compared, outline by outline, with the glyphs HarfBuzz chooses for the same string and font.
// A broken conjunct (क + ् + ष drawn as three glyphs), a reph not moved above, a pre-base matra left after
// its consonant or a nukta not composed gives a different glyph sequence and fails.
const CASES = ['क्ष', 'त्र', 'ज्ञ', 'प्र', 'कर्मचारी', 'धर्म', 'कि', 'सिर्फ़', 'फ़', 'क्षेत्र', 'प्रकरण', 'शास्ति'];

/** "M 1 2 L 3 4 Z" and "M1,2L3,4Z" → the same token list (commands and numbers rounded to 0.1). */
function pathTokens(d: string): string[] {
  return (d.match(/[MLQCZ]|-?\d+(?:\.\d+)?(?:e-?\d+)?/gi) ?? []).map((x) =>
    /^[A-Z]$/i.test(x) ? x.toUpperCase() : (Math.round(Number(x) * 10) / 10).toString(),
  );
}

/** The glyph outlines the engine drew for `text`, in drawing order. */
function engineGlyphs(text: string): string[][] {
  const svg = renderSvg({
    title: 'shaping',
    paper: 'a6',
    size: 12,
    qr: null,
    parts: [{ lang: 'hi', head: [], blocks: [{ t: 'p', text }] }],
  });
  const defs = new Map<string, string>();
  for (const m of svg.matchAll(/<path id="([^"]+)" class="outline_glyph" d="([^"]*)"/g)) defs.set(m[1]!, m[2]!);
  const uses = [...svg.matchAll(/<use x="[^"]*" y="[^"]*" href="#([^"]+)"\/>/g)].map((m) => m[1]!);
  return uses.map((id) => pathTokens(defs.get(id) ?? ''));
}

const blob = new hb.Blob(readFileSync(fontFiles().regular));
const face = new hb.Face(blob, 0);
const font = new hb.Font(face);

/** HarfBuzz's glyphs for `text` with the same font (script and language guessed as a browser would). */
function harfbuzzGlyphs(text: string): { gids: number[]; outlines: string[][] } {
  const buffer = new hb.Buffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  hb.shape(font, buffer);
  const gids = buffer.getGlyphInfos().map((g) => g.codepoint);
  return { gids, outlines: gids.map((g) => pathTokens(font.glyphToPath(g))) };
}

describe('Devanagari shaping in the documents matches HarfBuzz', () => {
  it.each(CASES)('%s', (text) => {
    const want = harfbuzzGlyphs(text);
    const got = engineGlyphs(text);
    expect(got.length).toBe(want.gids.length);
    expect(got).toEqual(want.outlines);
  });

  it('conjuncts and reph are single shaped forms, not the letters one by one', () => {
    // क्ष is one glyph in Noto Sans Devanagari; कर्म puts the reph on म (fewer glyphs than code points).
    expect(harfbuzzGlyphs('क्ष').gids).toHaveLength(1);
    expect(engineGlyphs('क्ष')).toHaveLength(1);
    expect(engineGlyphs('धर्म').length).toBeLessThan([...'धर्म'].length);
  });

  it('the comparison tells a broken conjunct from a proper one', () => {
    // With a zero-width non-joiner the conjunct is not formed: the engine draws क् + ष, not क्ष.
    const broken = engineGlyphs('क्\u200Cष').filter((g) => g.length > 0);
    expect(broken).not.toEqual(harfbuzzGlyphs('क्ष').outlines);
  });
});
