import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Lang } from '../../i18n';
import { BOOK_KINDS, type BookKind, DESK_DOCUMENT_KINDS, type DeskDocument, isBookPeriod } from '../../services/desk';

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

function keyOf(botToken: string): Buffer {
  return createHmac('sha256', botToken).update('kanji-sahayak desk document link').digest();
}

const mac = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest('base64url');

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

const sign = (botToken: string, fields: unknown[]): string => {
  const body = Buffer.from(JSON.stringify(fields)).toString('base64url');
  return `${body}.${mac(keyOf(botToken), body)}`;
};

/** The fields a token signed by us carries (user checked, unexpired at `now`), the user and the expiry first. */
function opened(botToken: string, token: string, now: Date): { user: bigint; fields: unknown[] } | null {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const [body, sig, ...rest] = token.split('.');
  if (!body || !sig || rest.length) return null;
  const want = Buffer.from(mac(keyOf(botToken), body));
  const got = Buffer.from(sig);
  if (got.length !== want.length || !timingSafeEqual(got, want)) return null;
  try {
    const v: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    if (!Array.isArray(v) || v.length < 2) return null;
    const [user, expires, ...fields] = v as unknown[];
    if (typeof user !== 'string' || !/^\d{1,20}$/.test(user) || !Number.isSafeInteger(expires)) return null;
    const nowSeconds = Math.floor(now.getTime() / 1000);
    if ((expires as number) <= nowSeconds || (expires as number) > nowSeconds + DOCUMENT_LINK_SECONDS) return null;
    return { user: BigInt(user), fields: [expires, ...fields] };
  } catch {
    return null;
  }
}

/** The link's token for `grant`. */
export function signDocumentLink(botToken: string, grant: DocumentGrant): string {
  return sign(botToken, [String(grant.telegramId), grant.expires, grant.caseId, grant.doc.kind, grant.doc.n ?? null]);
}

/** The grant a token carries when its signature is ours and it has not expired at `now`; otherwise null. */
export function checkDocumentLink(botToken: string, token: string, now: Date): DocumentGrant | null {
  const o = opened(botToken, token, now);
  if (o?.fields.length !== 4) return null;
  const [expires, caseId, kind, n] = o.fields as [number, unknown, unknown, unknown];
  if (!Number.isSafeInteger(caseId) || !(DESK_DOCUMENT_KINDS as readonly unknown[]).includes(kind)) return null;
  if (n !== null && !Number.isSafeInteger(n)) return null;
  return {
    telegramId: o.user,
    caseId: caseId as number,
    doc: { kind: kind as DeskDocument['kind'], ...(n === null ? {} : { n: n as number }) },
    expires,
  };
}

/** The token of a link to a pound's book (the month's register as PDF or CSV, the cash book). */
export function signBookLink(botToken: string, grant: BookGrant): string {
  const { telegramId, expires, poundId, kind, period, lang } = grant;
  return sign(botToken, [String(telegramId), expires, 'book', poundId, kind, period, lang]);
}

/** The book grant a token carries when it is ours, unexpired and of a book; otherwise null. */
export function checkBookLink(botToken: string, token: string, now: Date): BookGrant | null {
  const o = opened(botToken, token, now);
  if (o?.fields.length !== 6) return null;
  const [expires, tag, poundId, kind, period, lang] = o.fields as [number, ...unknown[]];
  if (tag !== 'book' || !Number.isSafeInteger(poundId) || (lang !== 'hi' && lang !== 'en')) return null;
  if (!(BOOK_KINDS as readonly unknown[]).includes(kind) || !isBookPeriod(period)) return null;
  return { telegramId: o.user, poundId: poundId as number, kind: kind as BookKind, period, lang, expires };
}
