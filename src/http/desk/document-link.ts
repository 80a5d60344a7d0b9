import type { Lang } from '../../i18n';
import { BOOK_KINDS, type BookKind, DESK_DOCUMENT_KINDS, type DeskDocument, isBookPeriod } from '../../services/desk';
import { openToken, sealToken, tokenKey } from './signed-token';

/**
 * Short-lived signed links to the desk's PDFs. The desk's page sends Telegram's initData in a header, which a link
 * opened by Telegram (or the phone's browser, or its PDF viewer) cannot carry: so the page asks for a link with its
 * initData (checked as on every desk request), and opens the link it gets. The link names the user, the entry and
 * the document, and when it stops working (DOCUMENT_LINK_SECONDS), signed with HMAC-SHA256 under a key derived from
 * the bot token; the PDF's request checks the signature and the time, then reads the user's rights from the database
 * again, as every desk request does. Nothing is stored on the server. A pound's books (the month's register as PDF
 * or CSV, the cash book) go the same way, their link naming the pound, the book and its month or day.
 */

/** How long a link works after it is made (seconds; Telegram opens it at once). */
export const DOCUMENT_LINK_SECONDS = 300;
/** Longest link token looked at. */
const MAX_TOKEN_LENGTH = 400;

/** What a link grants: one user, one entry, one document, until `expires` (Unix seconds). */
export interface DocumentGrant {
  telegramId: bigint;
  caseId: number;
  doc: DeskDocument;
  expires: number;
}

const keyOf = (botToken: string) => tokenKey(botToken, 'desk document link');

/** The link's token for `grant`. */
export function signDocumentLink(botToken: string, grant: DocumentGrant): string {
  return sealToken(keyOf(botToken), [
    String(grant.telegramId),
    grant.caseId,
    grant.doc.kind,
    grant.doc.n ?? null,
    grant.expires,
  ]);
}

/** The grant a token carries when its signature is ours and it has not expired at `now`; otherwise null. */
export function checkDocumentLink(botToken: string, token: string, now: Date): DocumentGrant | null {
  const grant = readDocumentLink(botToken, token);
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (!grant || grant.expires <= nowSeconds || grant.expires > nowSeconds + DOCUMENT_LINK_SECONDS) return null;
  return grant;
}

/** How long after it ran out a link still gets the page that says so (and offers a fresh one), not a bare 401. */
export const EXPIRED_LINK_SHOWN_SECONDS = 30 * 24 * 3600;

/** The grant of a link of ours that ran out at most EXPIRED_LINK_SHOWN_SECONDS before `now`; otherwise null. */
export function expiredDocumentLink(botToken: string, token: string, now: Date): DocumentGrant | null {
  const grant = readDocumentLink(botToken, token);
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (!grant || grant.expires > nowSeconds || grant.expires < nowSeconds - EXPIRED_LINK_SHOWN_SECONDS) return null;
  return grant;
}

/** The grant a token carries when its signature is ours, whatever its time. */
function readDocumentLink(botToken: string, token: string): DocumentGrant | null {
  const v = openToken(keyOf(botToken), token, MAX_TOKEN_LENGTH, 5);
  if (!v) return null;
  const [user, caseId, kind, n, expires] = v;
  if (typeof user !== 'string' || !/^\d{1,20}$/.test(user)) return null;
  if (!Number.isSafeInteger(caseId) || !Number.isSafeInteger(expires)) return null;
  if (!(DESK_DOCUMENT_KINDS as readonly unknown[]).includes(kind)) return null;
  if (n !== null && !Number.isSafeInteger(n)) return null;
  return {
    telegramId: BigInt(user),
    caseId: caseId as number,
    doc: { kind: kind as DeskDocument['kind'], ...(n === null ? {} : { n: n as number }) },
    expires: expires as number,
  };
}

/** What a link to a pound's book grants: one user, one pound, one book (kind) of one month or day, until `expires`. */
export interface BookGrant {
  telegramId: bigint;
  poundId: number;
  kind: BookKind;
  /** "YYYY-MM" (a month) or "YYYY-MM-DD" (a day), India dates. */
  period: string;
  /** The reader's language (the CSV's column names). */
  lang: Lang;
  expires: number;
}

/** The token of a link to a pound's book (the month's register as PDF or CSV, the cash book). */
export function signBookLink(botToken: string, grant: BookGrant): string {
  const { telegramId, expires, poundId, kind, period, lang } = grant;
  return sealToken(keyOf(botToken), [String(telegramId), 'book', poundId, kind, period, lang, expires]);
}

/** The book grant a token carries when it is ours, unexpired at `now` and of a book; otherwise null. */
export function checkBookLink(botToken: string, token: string, now: Date): BookGrant | null {
  const v = openToken(keyOf(botToken), token, MAX_TOKEN_LENGTH, 7);
  if (!v) return null;
  const [user, tag, poundId, kind, period, lang, expires] = v;
  if (typeof user !== 'string' || !/^\d{1,20}$/.test(user) || tag !== 'book') return null;
  if (!Number.isSafeInteger(poundId) || !Number.isSafeInteger(expires) || (lang !== 'hi' && lang !== 'en')) return null;
  if (!(BOOK_KINDS as readonly unknown[]).includes(kind) || !isBookPeriod(period)) return null;
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if ((expires as number) <= nowSeconds || (expires as number) > nowSeconds + DOCUMENT_LINK_SECONDS) return null;
  return {
    telegramId: BigInt(user),
    poundId: poundId as number,
    kind: kind as BookKind,
    period,
    lang,
    expires: expires as number,
  };
}
