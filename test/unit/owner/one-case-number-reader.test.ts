import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// A case number typed by an owner, a staff command or the admin CLI is read by parseCaseNumber/splitCaseNumber
// (src/services/cases.ts) alone, so a number that finds a case in one place finds it in all. A second pattern
// for it elsewhere would drift from that reader: every regular expression in src/ and bot/ outside cases.ts is
// run on case numbers as they are typed, and none may match the year and the serial together while refusing the
// same text with letters for digits (a pattern that takes both is a general one: a token, a command, a line).

const ROOT = path.join(import.meta.dirname, '../../..');
const READER = path.join('src', 'services', 'cases.ts');

const TYPED = [
  'JAI1-2026-17',
  'jai1 2026 17',
  'JAI 1 / 2026 / 017',
  'JAI1/2026/17',
  'JAI1_2026_17',
  'mera case JAI1-2026-17 hai',
  'प्रकरण JAI1-2026-17',
  '/dues JAI1-2026-17',
];
/** The year and serial of a case number, as one match would hold them. */
const YEAR_AND_SERIAL = /2026\D{1,3}0*17/;

/** The same text with a letter for each digit, small and capital: "JAI1-2026-17" → "JAIb-cacg-bh", "JAIB-CACG-BH". */
const lettersForDigits = (text: string) => {
  const small = text.replace(/\d/g, (d) => String.fromCharCode(97 + Number(d)));
  return [small, small.toUpperCase()];
};

/** The typed case number a pattern reads as one, or null. */
function caseNumberRead(re: RegExp): string | null {
  for (const typed of TYPED) {
    const m = re.exec(typed);
    if (m && YEAR_AND_SERIAL.test(m[0]) && !lettersForDigits(typed).some((t) => re.test(t))) return typed;
  }
  return null;
}

/** Every regular expression literal of a file, and every `new RegExp("…")` / `RegExp("…")` of a plain string. */
function patternsOf(file: string): Array<{ at: string; re: RegExp }> {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: Array<{ at: string; re: RegExp }> = [];
  const at = (n: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
  const visit = (n: ts.Node): void => {
    if (ts.isRegularExpressionLiteral(n)) {
      const slash = n.text.lastIndexOf('/');
      const flags = n.text.slice(slash + 1).replace(/[gy]/g, '');
      out.push({ at: at(n), re: new RegExp(n.text.slice(1, slash), flags) });
    } else if (
      (ts.isNewExpression(n) || ts.isCallExpression(n)) &&
      ts.isIdentifier(n.expression) &&
      n.expression.text === 'RegExp'
    ) {
      const [pattern, flags] = n.arguments ?? [];
      if (pattern && (ts.isStringLiteral(pattern) || ts.isNoSubstitutionTemplateLiteral(pattern))) {
        const f = flags && ts.isStringLiteral(flags) ? flags.text.replace(/[gy]/g, '') : '';
        out.push({ at: at(n), re: new RegExp(pattern.text, f) });
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(source);
  return out;
}

function sourceFiles(): string[] {
  return ['src', 'bot'].flatMap((dir) =>
    readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .map((f) => path.join(dir, f))
      .filter((f) => /\.ts$/.test(f) && !/\.d\.ts$/.test(f) && !f.includes(`${path.sep}generated${path.sep}`)),
  );
}

describe('one reader of case numbers', () => {
  it('the probe tells a case-number pattern from a general one', () => {
    expect(caseNumberRead(/([A-Z]+\d*)[-/ ]+(\d{4})[-/ ]+(\d+)/i)).not.toBeNull();
    expect(caseNumberRead(/\b\d{4}-\d{1,7}\b/)).not.toBeNull();
    expect(caseNumberRead(/^[\w-]+$/)).toBeNull();
    expect(caseNumberRead(/^[A-Z0-9_-]{1,20}$/)).toBeNull();
  });

  it('no regular expression outside src/services/cases.ts reads a case number', () => {
    const found: string[] = [];
    for (const file of sourceFiles()) {
      if (file === READER) continue;
      for (const { at, re } of patternsOf(file)) {
        const typed = caseNumberRead(re);
        if (typed) found.push(`${at} ${re} reads "${typed}"`);
      }
    }
    expect(found).toEqual([]);
  });
});
