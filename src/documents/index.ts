import type { DocumentRef } from '../services/document-facts';
import { accountDocument } from './account';
import { cashBookDocument } from './cashbook';
import { BILINGUAL, type DocumentDeps, type DocumentLangs, type DocumentSpec } from './compose';
import { renderPdf } from './engine';
import { noticeDocument, proclamationDocument } from './notice';
import { receiptDocument, releaseSlipDocument } from './receipt';
import { registerDocument, remittanceDocument } from './returns';
import { ownerSlipDocument, seizerCopyDocument } from './slip';

export { BILINGUAL, DocumentUnavailable, type DocumentDeps, type DocumentLangs, type DocumentSpec } from './compose';
export { DocumentEngineError, fontFiles, renderPdf } from './engine';
export type { DocumentRef } from '../services/document-facts';

/** The printable documents (src/documents/README.md). */
export const DOCUMENT_KINDS = [
  'notice',
  'proclamation',
  'receipt',
  'release',
  'account',
  'remittance',
  'register',
  'cashbook',
  'slip',
  'seizer_copy',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** Builds the layout of a document from the services (amounts and dates as the chat shows them). */
export function documentSpec(
  deps: DocumentDeps,
  ref: DocumentRef,
  langs: DocumentLangs = BILINGUAL,
): Promise<DocumentSpec> {
  switch (ref.kind) {
    case 'notice':
      return noticeDocument(deps, ref.caseId, langs);
    case 'proclamation':
      return proclamationDocument(deps, ref.caseId, langs);
    case 'release':
      return releaseSlipDocument(deps, ref.caseId, langs);
    case 'slip':
      return ownerSlipDocument(deps, ref.caseId, langs);
    case 'seizer_copy':
      return seizerCopyDocument(deps, ref.caseId, langs);
    case 'account':
      return accountDocument(deps, ref.caseId, ref.round, langs);
    case 'receipt':
      return receiptDocument(deps, { receiptId: ref.receiptId }, langs);
    case 'remittance':
      return remittanceDocument(deps, ref.poundId, ref.month, langs);
    case 'register':
      return registerDocument(deps, ref.poundId, ref.from, ref.to, langs);
    case 'cashbook':
      return cashBookDocument(deps, ref.poundId, ref.from, ref.to, langs);
  }
}

/** A typeset document: the PDF bytes, a file name and the caption (i18n key + params) to send it with. */
export interface RenderedDocument extends DocumentSpec {
  pdf: Buffer;
}

/** Builds and typesets a document. Throws DocumentUnavailable when it cannot be made yet. */
export async function makeDocument(
  deps: DocumentDeps,
  ref: DocumentRef,
  langs: DocumentLangs = BILINGUAL,
): Promise<RenderedDocument> {
  const spec = await documentSpec(deps, ref, langs);
  return { ...spec, pdf: renderPdf(spec.layout) };
}
