import { toIstDate, type StatutoryWindows } from '../../law';
import type { Db } from '../../db';
import { STORED_CLOCK_SELECT, type StoredClock } from '../law-case';
import { caseTimeline } from '../next-deadline';
import type { SmsJobPayload } from '../outbox';
import { smsRefusal } from './owner-say';
import { renderSms, SMS_EVENTS, type RenderedSms, type SmsEvent, type SmsLanguage } from './templates';

/** "28.11.2026" — an India date as an SMS gives it (digits read the same in both languages). */
export function smsDate(localDate: string): string {
  const [y, m, d] = localDate.split('-');
  return `${d}.${m}.${y}`;
}

/** "28.11.2026 11:00" — an instant in India time. */
export function smsDateTime(at: Date): string {
  const ist = new Date(at.getTime() + 330 * 60_000);
  const hh = String(ist.getUTCHours()).padStart(2, '0');
  const mm = String(ist.getUTCMinutes()).padStart(2, '0');
  return `${smsDate(toIstDate(at))} ${hh}:${mm}`;
}

/** What the sender needs for one SMS: the sealed number and the text, or why nothing is sent. */
export type ComposedSms =
  | { kind: 'send'; cipher: string; rendered: RenderedSms }
  | { kind: 'skip'; reason: 'erased' | 'gone' | 'unknown_event' | 'stopped' | 'no_consent' };

/**
 * Builds an owed SMS from the database as it is when sent (the job carries ids only): whether the owner's say still
 * allows it (not stopped; beyond his own case only with his own consent), the owner's mobile (still encrypted) and
 * language, and the event's facts — the case number and pound, the last day to claim from the
 * statute engine's s. 14 sale gate, the auction's day and place, the receipt's verification code.
 */
export async function composeOwnerSms(
  db: Db,
  p: SmsJobPayload,
  publicUrl: string,
  windows: Partial<StatutoryWindows>,
): Promise<ComposedSms> {
  if (!(SMS_EVENTS as readonly string[]).includes(p.event)) return { kind: 'skip', reason: 'unknown_event' };
  const event = p.event as SmsEvent;
  const mobile = await db.ownerMobile.findUnique({
    where: { id: p.mobileId },
    select: {
      cipher: true,
      language: true,
      erasedAt: true,
      caseId: true,
      basis: true,
      stoppedAt: true,
      numberTag: true,
    },
  });
  if (!mobile) return { kind: 'skip', reason: 'gone' };
  if (mobile.erasedAt || !mobile.cipher) return { kind: 'skip', reason: 'erased' };
  // The owner's say, as it is now: a stop given after the SMS was queued holds it back.
  const optedOut =
    mobile.numberTag !== null && (await db.smsOptOut.count({ where: { numberTag: mobile.numberTag } })) > 0;
  const refused = smsRefusal({ ...mobile, optedOut }, p.caseId);
  if (refused) return { kind: 'skip', reason: refused };
  const lang: SmsLanguage = mobile.language === 'en' ? 'en' : 'hi';
  const c = await db.case.findUnique({
    where: { id: p.caseId },
    select: {
      number: true,
      ...STORED_CLOCK_SELECT,
      pound: { select: { name: true, nameHi: true } },
    },
  });
  if (!c) return { kind: 'skip', reason: 'gone' };
  const values = await valuesFor(db, event, c, p, windows, lang);
  if (!values) return { kind: 'skip', reason: 'gone' };
  return { kind: 'send', cipher: mobile.cipher, rendered: renderSms(event, lang, values, publicUrl) };
}

type CaseFacts = StoredClock & {
  number: string;
  pound: { name: string; nameHi: string };
};

async function valuesFor(
  db: Db,
  event: SmsEvent,
  c: CaseFacts,
  p: SmsJobPayload,
  windows: Partial<StatutoryWindows>,
  lang: SmsLanguage,
): Promise<Record<string, string> | null> {
  // Case numbers are letters, digits and dashes: the same in a link as in words.
  const number = encodeURIComponent(c.number);
  switch (event) {
    case 'registered':
      return { pound: lang === 'hi' ? c.pound.nameHi : c.pound.name, number };
    case 's14_reported': {
      // The cattle cannot be sold before the s. 14 notice period has run, and the notice follows the report at
      // the earliest on the day of the report: the engine's sale gate from that notice day gives the last day on
      // which a claim surely comes before any auction (the notice's own day once it is posted).
      const noticeAt = c.noticePostedAt ?? c.reportedAt;
      if (!noticeAt) return null;
      const tl = caseTimeline({ ...c, noticePostedAt: noticeAt }, windows);
      if (!tl.ok || !tl.value.auctionEligible) return null;
      return { number, lastDay: smsDate(tl.value.auctionEligible.date) };
    }
    case 'auction': {
      if (p.ref == null) return null;
      const a = await db.auction.findUnique({ where: { id: p.ref }, select: { scheduledFor: true, place: true } });
      return a ? { number, at: smsDateTime(a.scheduledFor), place: a.place } : null;
    }
    case 'released': {
      if (p.ref == null) return null;
      const r = await db.receipt.findUnique({ where: { id: p.ref }, select: { verificationCode: true } });
      return r ? { number, code: r.verificationCode } : null;
    }
    case 'released_order':
      return { number };
    case 'code': {
      // The one-time code the owner asked for in his chat, while it is owed to this number (cleared once sent).
      if (p.ref == null) return null;
      const code = await db.smsCode.findUnique({
        where: { id: p.ref },
        select: { mobileId: true, code: true, usedAt: true },
      });
      return code && code.mobileId === p.mobileId && code.code && !code.usedAt ? { otp: code.code } : null;
    }
  }
}
