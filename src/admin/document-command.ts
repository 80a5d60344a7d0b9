import { writeFile } from 'node:fs/promises';
import {
  DOCUMENT_KINDS,
  DocumentUnavailable,
  makeDocument,
  type DocumentKind,
  type DocumentLangs,
  type DocumentRef,
} from '../documents';
import { findCaseIdByNumber } from '../services/cases';
import { parseDate } from '../services/typed-input';
import { windowsFromConfig } from '../services/dues';
import { EXIT, parseOptions, usageError, type AdminDeps } from './args';

const USAGE = 'documents:admin.usage';
const LANGS: Record<string, DocumentLangs> = { both: ['hi', 'en'], hi: ['hi'], en: ['en'] };

/**
 * `document <kind> <case or receipt number> [--round n] [--lang hi|en|both] [--out file]`, and
 * `document remittance --pound <code> --month YYYY-MM`, `document register|cashbook --pound <code> --from --to`:
 * writes a printable document (src/documents) as a PDF file (default: its own name in the working directory).
 */
export async function documentCommand(deps: AdminDeps, args: string[]): Promise<number> {
  const [kindArg, ...rest] = args;
  if (!kindArg || !(DOCUMENT_KINDS as readonly string[]).includes(kindArg)) {
    return usageError(deps, deps.t('documents:admin.unknown_kind', { kind: kindArg ?? '' }), USAGE);
  }
  const kind = kindArg as DocumentKind;
  const byPeriod = kind === 'register' || kind === 'cashbook';
  const byNumber = kind !== 'remittance' && !byPeriod;
  // A case number may come as several words ("jai1 २०२६ १७" unquoted): every word before the first option.
  const words = byNumber ? (kind === 'receipt' ? rest.slice(0, 1) : rest.slice(0, firstOption(rest))) : [];
  const ref = words.length > 0 ? words.join(' ') : undefined;
  const o = parseOptions(
    deps,
    byNumber ? rest.slice(words.length) : rest,
    {
      lang: { type: 'string' },
      out: { type: 'string' },
      round: { type: 'string' },
      pound: { type: 'string' },
      month: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
    },
    USAGE,
    kind === 'remittance' ? ['pound', 'month'] : byPeriod ? ['pound', 'from', 'to'] : [],
  );
  if (!o) return EXIT.USAGE;
  const langs = LANGS[o.lang ?? 'both'];
  if (!langs) return usageError(deps, deps.t('staff:admin.bad_option', { detail: `--lang ${o.lang}` }), USAGE);
  if (byNumber && !ref)
    return usageError(
      deps,
      deps.t('staff:admin.missing', { option: kind === 'receipt' ? '<receipt number>' : '<case number>' }),
      USAGE,
    );

  let docRef: DocumentRef | null;
  if (kind === 'receipt') {
    const r = await deps.db.receipt.findUnique({ where: { number: ref!.toUpperCase() } });
    docRef = r ? { kind, receiptId: r.id } : null;
  } else if (byNumber) {
    const caseId = await findCaseIdByNumber(deps.db, ref!);
    const c = caseId === null ? null : { id: caseId };
    const round = o.round ? Number(o.round) : undefined;
    docRef = !c
      ? null
      : kind === 'account'
        ? { kind, caseId: c.id, ...(round ? { round } : {}) }
        : { kind: kind as 'notice' | 'proclamation' | 'release' | 'slip' | 'seizer_copy', caseId: c.id };
  } else {
    const pound = await deps.db.pound.findUnique({ where: { code: o.pound!.toUpperCase() } });
    if (!pound) {
      deps.err(deps.t('staff:admin.unknown_pound', { code: o.pound }));
      return EXIT.REFUSED;
    }
    if (kind === 'remittance') docRef = { kind, poundId: pound.id, month: o.month! };
    else {
      const from = parseDate(o.from!);
      const to = parseDate(o.to!);
      if (!from || !to) return usageError(deps, deps.t('staff:admin.bad_date', { value: from ? o.to : o.from }), USAGE);
      docRef = { kind: kind as 'register' | 'cashbook', poundId: pound.id, from, to };
    }
  }
  const shown = ref ?? o.pound ?? '';
  if (!docRef) {
    deps.err(deps.t('documents:admin.not_found', { ref: shown }));
    return EXIT.REFUSED;
  }
  try {
    const doc = await makeDocument(
      {
        db: deps.db,
        translator: deps.translator,
        botUsername: deps.botUsername,
        now: deps.clock.now(),
        windows: windowsFromConfig(deps.config),
      },
      docRef,
      langs,
    );
    const file = o.out ?? doc.filename;
    await writeFile(file, doc.pdf);
    deps.out(deps.t('documents:admin.written', { file, bytes: doc.pdf.length }));
    return EXIT.OK;
  } catch (e) {
    if (!(e instanceof DocumentUnavailable)) throw e;
    if (e.reason === 'not_found') deps.err(deps.t('documents:admin.not_found', { ref: shown }));
    else
      deps.err(deps.t('documents:admin.unavailable', { ref: shown, why: deps.t(`documents:unavailable.${e.reason}`) }));
    return EXIT.REFUSED;
  }
}

/** The index of the first option ("--…") in `args`, or its length. */
function firstOption(args: string[]): number {
  const i = args.findIndex((a) => a.startsWith('--'));
  return i < 0 ? args.length : i;
}
