import type { Db } from '../../db';
import type { DocumentRef } from '../document-ref';
import { toIstDate } from '../../law';
import { audit } from '../audit';
import { authorizeInTx, may, type StaffActor } from '../staff';
import type { DeskEntry } from './entry';

// The printable documents (src/documents) of one register entry, as the desk's entry page links them: the register
// extract of the day it was impounded (s. 7), the owner's slip with the case's QR code and the seizer's copy of the
// entry (s. 8), the s. 14 notice and drum proclamation once the case is reported, each
// receipt (ss. 13, 15, 16, 17), the release slip, and the account of each auction round delivered (s. 16). They are
// typeset on request from the recorded facts, by the functions the jobs and the chat use.

export const DESK_DOCUMENT_KINDS = [
  'register',
  'slip',
  'seizer_copy',
  'notice',
  'proclamation',
  'receipt',
  'release',
  'account',
] as const;
export type DeskDocumentKind = (typeof DESK_DOCUMENT_KINDS)[number];

/** One document of an entry: its kind and, for a receipt its id, for an account its auction round. */
export interface DeskDocument {
  kind: DeskDocumentKind;
  n?: number | undefined;
}

/** The documents an entry has, in the order of the procedure. */
export function entryDocuments(c: DeskEntry): DeskDocument[] {
  const out: DeskDocument[] = [{ kind: 'register' }, { kind: 'slip' }, { kind: 'seizer_copy' }];
  if (c.reportedAt || c.notice) out.push({ kind: 'notice' }, { kind: 'proclamation' });
  for (const r of c.receipts) out.push({ kind: 'receipt', n: r.id });
  if (c.releases.length) out.push({ kind: 'release' });
  for (const a of c.auctions) if (a.accountDelivered) out.push({ kind: 'account', n: a.round });
  return out;
}

/**
 * What a desk user asks to print, as a document reference, when the entry is of a pound in his scope (and the
 * receipt is of that entry); null otherwise — nothing says whether the entry exists.
 */
export async function deskDocumentRef(
  db: Db,
  actor: StaffActor,
  caseId: number,
  doc: DeskDocument,
): Promise<{ ref: DocumentRef; poundId: number } | null> {
  const c = await db.case.findUnique({ where: { id: caseId }, select: { poundId: true, impoundedAt: true } });
  if (!c || !may(actor, 'register.export', c.poundId)) return null;
  switch (doc.kind) {
    case 'register': {
      const day = toIstDate(c.impoundedAt);
      return { ref: { kind: 'register', poundId: c.poundId, from: day, to: day }, poundId: c.poundId };
    }
    case 'slip':
    case 'seizer_copy':
    case 'notice':
    case 'proclamation':
    case 'release':
      return { ref: { kind: doc.kind, caseId }, poundId: c.poundId };
    case 'account':
      return doc.n === undefined ? null : { ref: { kind: 'account', caseId, round: doc.n }, poundId: c.poundId };
    case 'receipt': {
      if (doc.n === undefined) return null;
      const r = await db.receipt.findUnique({ where: { id: doc.n }, select: { caseId: true } });
      return r?.caseId === caseId ? { ref: { kind: 'receipt', receiptId: doc.n }, poundId: c.poundId } : null;
    }
  }
}

/** A document shown from the desk, in the audit log as the register export is ('document.view'). */
export async function auditDocumentView(
  db: Db,
  actor: StaffActor,
  caseId: number,
  poundId: number,
  doc: DeskDocument,
): Promise<void> {
  const who = await authorizeInTx(db, actor, 'register.export', poundId);
  await audit(db, who.audit, 'document.view', caseId, { kind: doc.kind, ...(doc.n === undefined ? {} : { n: doc.n }) });
}
