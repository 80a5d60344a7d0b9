import { InputFile } from 'grammy';
import { DocumentUnavailable, makeDocument, type DocumentLangs, type DocumentRef } from '../../src/documents';
import { windowsFromConfig } from '../../src/services/dues';
import type { BotContext } from '../context';

/**
 * Sends printable documents (src/documents) to the person we are answering, as PDF files with their
 * caption, in both languages unless one is asked for. A document that cannot be made yet is skipped (the
 * chat text already said what happened). Messages to other people go through the outbox instead
 * (OutgoingMessage.document, typeset by the jobs sender).
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
    let doc;
    try {
      doc = await makeDocument(deps, ref, langs);
    } catch (e) {
      if (e instanceof DocumentUnavailable) continue;
      throw e;
    }
    await ctx.replyWithDocument(new InputFile(doc.pdf, doc.filename), {
      caption: ctx.t(doc.caption.key, doc.caption.params),
    });
  }
}
