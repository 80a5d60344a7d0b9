import type { LocalDate } from '../law';

/**
 * Which printable document (src/documents), of what: small and JSON-safe, so it can ride in an outbox message
 * (OutgoingMessage.document) and be typeset when sent, from the database as it then is. It lives here, not in
 * src/documents, because services name documents without making them: src/documents reads the services' facts
 * (./document-facts.ts), and the services import nothing of it.
 */
export type DocumentRef =
  | { kind: 'notice' | 'proclamation' | 'release' | 'slip' | 'seizer_copy'; caseId: number }
  | { kind: 'account'; caseId: number; round?: number }
  | { kind: 'receipt'; receiptId: number }
  | { kind: 'remittance'; poundId: number; month: string }
  | { kind: 'register' | 'cashbook'; poundId: number; from: LocalDate; to: LocalDate };
