import { GrammyError, InputFile } from 'grammy';
import {
  DocumentEngineError,
  DocumentUnavailable,
  documentSpec,
  renderPdf,
  type DocumentLangs,
  type DocumentRef,
} from '../../src/documents';
import { windowsFromConfig } from '../../src/services/dues';
import type { BotContext } from '../context';

/**
 * Sends printable documents (src/documents) to the person we are answering, as PDF files with their
 * caption, in both languages unless one is asked for. A document that cannot be made yet is skipped (the
 * chat text already said what happened). Messages to other people go through the outbox instead
 * (OutgoingMessage.document, typeset by the jobs sender). A PDF that cannot be typeset, or that Telegram refuses
 * (400), is not worth a retry: its caption goes alone with a line saying the PDF could not be attached.
 */
export async function replyWithDocuments(
  ctx: BotContext,
  refs: readonly DocumentRef[],
  langs?: DocumentLangs,
): Promise<void> {
  const deps = {
    db: ctx.deps.db,
    translator: ctx.deps.translator,
    botUsername: ctx.deps.botUsername,
    publicUrl: ctx.deps.config.PUBLIC_URL,
    now: ctx.deps.clock.now(),
    windows: windowsFromConfig(ctx.deps.config),
  };
  for (const ref of refs) {
    let spec;
    try {
      spec = await documentSpec(deps, ref, langs);
    } catch (e) {
      if (e instanceof DocumentUnavailable) continue;
      throw e;
    }
    const caption = ctx.t(spec.caption.key, spec.caption.params);
    const without = `${caption}\n\n${ctx.t('jobs:left_out.document')}`;
    let pdf: Buffer;
    try {
      pdf = renderPdf(spec.layout);
    } catch (e) {
      if (!(e instanceof DocumentEngineError)) throw e;
      ctx.deps.logger.warn({ kind: ref.kind, err: e.message.slice(0, 200) }, 'document could not be typeset');
      await ctx.reply(without);
      continue;
    }
    try {
      await ctx.replyWithDocument(new InputFile(pdf, spec.filename), { caption });
    } catch (e) {
      if (!(e instanceof GrammyError && e.error_code === 400)) throw e;
      ctx.deps.logger.warn({ kind: ref.kind, code: e.error_code, err: e.description }, 'document refused by Telegram');
      await ctx.reply(without);
    }
  }
}
