import { InputFile } from 'grammy';
import { isLocalDate, type LocalDate } from '../../src/law';
import { exportPound, exportRegister } from '../../src/services/register';
import { Refusal } from '../../src/services/refusal';
import { refusalText } from '../../src/i18n';
import { parseDate } from '../../src/services/typed-input';
import { callbackCodec } from '../flows/callback-codec';
import { requireStaffNow } from '../middleware/roles';
import { replyWithDocuments } from './documents-reply';
import { Feature } from './feature';

/**
 * `/register_export <from> <to> [pound] [pdf]` — the s. 7 register of a pound for a date range, as a CSV
 * document with a button for the printable extract (PDF, src/documents); with `pdf`, the PDF at once.
 */
export const registerExportFeature = new Feature();

/** The "PDF" button under a register CSV: the same pound and dates (YYYYMMDD) as a printable extract (rights re-checked). */
const pdfCb = callbackCodec('rxp', ['poundId:int', 'from:str', 'to:str']);

registerExportFeature.command('register_export', async (ctx) => {
  // Who may at all: the staff command gate (bot/middleware/staff-commands.ts); at this pound: below.
  const words = ctx.match.trim().split(/\s+/).filter(Boolean);
  const asPdf = words.length > 2 && /^pdf$/i.test(words.at(-1)!);
  if (asPdf || (words.length > 2 && /^csv$/i.test(words.at(-1)!))) words.pop();
  const [a, b, code] = words;
  const from = a ? parseDate(a) : null;
  const to = b ? parseDate(b) : null;
  if (!from || !to) {
    await ctx.reply(ctx.t('staff:export.usage'));
    return;
  }
  const { pound, codes } = await exportPound(ctx.deps.db, ctx.actor, { code });
  if (!pound) {
    await ctx.reply(
      ctx.t(code ? 'staff:export.unknown_pound' : 'staff:export.which_pound', {
        code: code ?? '',
        codes: codes.join(', '),
      }),
    );
    return;
  }
  // The register leaves the bot only on the grants as they stand now (not the cached copy).
  const who = await requireStaffNow(ctx, 'register.export', { poundId: pound.id, caseNumber: pound.code });
  if (!who) return;
  let out;
  try {
    out = await exportRegister(ctx.deps.db, ctx.actor, { pound, from, to, t: ctx.t, format: 'csv' });
  } catch (e) {
    if (e instanceof Refusal) {
      await ctx.reply(refusalText(ctx.t, e, 'staff'));
      return;
    }
    throw e;
  }
  if (asPdf || !out) return replyWithDocuments(ctx, [{ kind: 'register', poundId: pound.id, from, to }]);
  await ctx.replyWithDocument(new InputFile(Buffer.from(out.csv, 'utf8'), `register-${pound.code}-${from}-${to}.csv`), {
    caption: ctx.t('staff:export.caption', { pound: pound.code, from, to, cases: out.counts.case, rows: out.rows }),
    reply_markup: {
      inline_keyboard: [
        [
          {
            text: ctx.t('documents:register.pdf_button'),
            callback_data: pdfCb.encode(ctx, {
              poundId: pound.id,
              from: from.replace(/-/g, ''),
              to: to.replace(/-/g, ''),
            }),
          },
        ],
      ],
    },
  });
});

const compactDate = (s: string | undefined): LocalDate | null => {
  const d = s && /^\d{8}$/.test(s) ? `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6)}` : '';
  return isLocalDate(d) ? d : null;
};

// The PDF button.
pdfCb.handle(registerExportFeature, async (ctx, tap) => {
  const from = compactDate(tap.from);
  const to = compactDate(tap.to);
  if (!from || !to) return;
  const poundId = tap.poundId;
  const { pound } = await exportPound(ctx.deps.db, ctx.actor, { id: poundId });
  if (!pound || !(await requireStaffNow(ctx, 'register.export', { poundId: pound.id, caseNumber: pound.code }))) return;
  await exportRegister(ctx.deps.db, ctx.actor, { pound, from, to, t: ctx.t, format: 'pdf' });
  await replyWithDocuments(ctx, [{ kind: 'register', poundId: pound.id, from, to }]);
});
