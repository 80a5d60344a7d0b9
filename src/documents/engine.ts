import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { NodeCompiler } from '@myriaddreamin/typst-ts-node-compiler';
import QRCode from 'qrcode';
import { QR_ERROR_CORRECTION } from '../case-url';

/**
 * The typesetting engine: Typst (typst-ts-node-compiler, a prebuilt native module from npm) with the
 * Noto Sans Devanagari fonts of the @expo-google-fonts/noto-sans-devanagari package, read from
 * node_modules — nothing is downloaded at run time. Typst shapes text with rustybuzz (HarfBuzz's
 * shaping in Rust), so conjuncts, reph, pre-base matras and nukta come out as HarfBuzz would shape them
 * (test/unit/documents-shaping.test.ts checks that glyph by glyph). Why Typst: docs/DOCUMENTS.md.
 */

const require = createRequire(import.meta.url);
const FONT_PACKAGE = '@expo-google-fonts/noto-sans-devanagari';

/** The font files embedded in every document (regular and bold), from the installed npm package. */
export function fontFiles(): { regular: string; bold: string } {
  const dir = path.dirname(require.resolve(`${FONT_PACKAGE}/package.json`));
  return {
    regular: path.join(dir, '400Regular/NotoSansDevanagari_400Regular.ttf'),
    bold: path.join(dir, '700Bold/NotoSansDevanagari_700Bold.ttf'),
  };
}

const ROOT = '/kanji-documents';
const TEMPLATE = readFileSync(new URL('./document.typ', import.meta.url), 'utf8');

let compiler: NodeCompiler | null = null;
let compiled = 0;

function engine(): NodeCompiler {
  if (!compiler) {
    const f = fontFiles();
    compiler = NodeCompiler.create({
      workspace: ROOT,
      fontArgs: [{ fontBlobs: [readFileSync(f.regular), readFileSync(f.bold)] }],
    });
    compiler.addSource(`${ROOT}/main.typ`, TEMPLATE);
  }
  return compiler;
}

/** One block of a document part (laid out by document.typ). */
export type Block =
  | { t: 'title' | 'subtitle' | 'heading' | 'p' | 'big'; text: string }
  | { t: 'kv'; rows: Array<[string, string]> }
  | { t: 'table'; head: string[]; rows: string[][]; widths?: Array<'auto' | '1fr'>; right?: number[] }
  | { t: 'list'; items: string[] }
  | { t: 'sign'; items: string[] }
  | { t: 'rule' }
  /**
   * Photos in a row of three, each with a caption; `file` names an image of the layout's `images`. Without one the
   * photo's place holds `missing` (a line saying the photo could not be included), in the part's language.
   */
  | { t: 'photos'; items: Array<{ file?: string; missing: string; caption: string }> };

/** An image a document prints (a group's photo): a file name unique to its bytes (the photo's id) and the bytes. */
export interface DocumentImage {
  file: string;
  bytes: Buffer;
}

/** A document in one or two languages: one part per language, in reading order. */
export interface Layout {
  title: string;
  paper: 'a4' | 'a5' | 'a6';
  /** Each language on its own page (a notice posted, a proclamation read out), else one below the other. */
  pagePerLanguage?: boolean;
  /** Landscape (a wide table: the register extract). */
  landscape?: boolean;
  /** Base font size in points. */
  size: number;
  /** The link the QR code carries and the short text printed under it (a verify code, a case number), or null. */
  qr: { link: string; caption: string } | null;
  parts: Array<{ lang: 'hi' | 'en'; head: Block[]; blocks: Block[] }>;
  /** Images the `photos` blocks print (JPEG or PNG bytes, given to the compiler in memory: nothing is read from disk). */
  images?: DocumentImage[];
}

/**
 * An engine failure: the template or the data did not compile. Typesetting is a pure function of the layout, so it
 * fails the same way every time: whoever sends the document sends its words without it (jobs/deliver.ts).
 */
export class DocumentEngineError extends Error {}

/** The Typst source's output as SVG (same layout and shaping as the PDF; used by the shaping test). */
export function renderSvg(layout: Layout): string {
  const c = engine();
  const doc = compile(c, layout);
  return c.svg(doc);
}

/**
 * Typesets a layout to PDF bytes. Synchronous (the engine holds no state between documents). Should the engine
 * still refuse a photo the checks passed (src/documents/photos.ts), the document is typeset again with every photo
 * left out and the line saying so in its place: a statutory document never waits on a picture.
 */
export function renderPdf(layout: Layout): Buffer {
  const c = engine();
  try {
    return c.pdf(compile(c, layout));
  } catch (err) {
    if (!layout.images?.length) throw asEngineError(err);
    try {
      return c.pdf(compile(c, withoutPhotos(layout)));
    } catch (again) {
      throw asEngineError(again);
    }
  }
}

function asEngineError(err: unknown): DocumentEngineError {
  return err instanceof DocumentEngineError ? err : new DocumentEngineError(String((err as Error)?.message ?? err));
}

/** The layout with no images: every photo's place holds its `missing` line. */
export function withoutPhotos(layout: Layout): Layout {
  const strip = (blocks: Block[]): Block[] =>
    blocks.map((b) =>
      b.t === 'photos' ? { ...b, items: b.items.map(({ missing, caption }) => ({ missing, caption })) } : b,
    );
  return {
    ...layout,
    images: [],
    parts: layout.parts.map((p) => ({ ...p, head: strip(p.head), blocks: strip(p.blocks) })),
  };
}

function compile(c: NodeCompiler, layout: Layout) {
  const qrWidth = layout.paper === 'a4' ? 3.2 : 2.6;
  c.mapShadow(
    `${ROOT}/data.json`,
    Buffer.from(
      JSON.stringify({ landscape: false, pagePerLanguage: false, ...layout, images: undefined, qrWidth }, wellFormed),
      'utf8',
    ),
  );
  if (layout.qr) c.mapShadow(`${ROOT}/qr.svg`, Buffer.from(qrSvg(layout.qr.link), 'utf8'));
  const images = (layout.images ?? []).filter((i) => /^[\w.-]+\.(png|jpg)$/.test(i.file));
  for (const i of images) c.mapShadow(`${ROOT}/${i.file}`, i.bytes);
  const r = c.compile({ mainFilePath: `${ROOT}/main.typ` });
  // The photos are this document's only: the engine keeps no bytes of one document for the next.
  for (const i of images) c.unmapShadow(`${ROOT}/${i.file}`);
  const doc = r.result;
  // The engine caches parsed sources and shaped text between compilations; drop what has gone unused for a while.
  if (++compiled % 50 === 0) c.evictCache(30);
  if (r.hasError() || !doc) {
    const diag = r.takeDiagnostics() ?? r.takeError();
    throw new DocumentEngineError(`document did not compile: ${JSON.stringify(diag?.shortDiagnostics ?? [])}`);
  }
  return doc;
}

/**
 * Strings as the engine's JSON reader takes them: half of a surrogate pair (an emoji cut in two by a length limit
 * somewhere) would fail the whole document on every try, so it becomes U+FFFD.
 */
function wellFormed(_key: string, value: unknown): unknown {
  return typeof value === 'string'
    ? value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
    : value;
}

/** The QR code as an SVG (one path of unit squares, a one-module quiet zone), built synchronously. */
function qrSvg(text: string): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: QR_ERROR_CORRECTION });
  const n = modules.size;
  let d = '';
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) if (modules.get(x, y)) d += `M${x + 1} ${y + 1}h1v1h-1z`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n + 2} ${n + 2}" shape-rendering="crispEdges"><rect width="${n + 2}" height="${n + 2}" fill="#fff"/><path fill="#000" d="${d}"/></svg>`;
}
