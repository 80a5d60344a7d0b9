import { checkTransition } from '../../law';
import { caseStateOf, loadCase } from '../case-transition';
import { caseTimeline, windowsFromConfig } from '../dues';
import { loadNoticeFacts, renderNoticeTexts } from '../notice-text';
import type { OutgoingMessage } from '../outbox';
import type { ReminderBuilder } from './context';
import { staffChats } from './recipients';

/**
 * s. 14, day 8: the cattle were not claimed within seven days from impounding. The pound-keeper's report
 * goes to the officer (and the keepers see what was reported), with the notice text and the drum
 * proclamation script ready in Hindi and English. Nothing when the case was claimed, deposited for,
 * refused (s. 16 path) or already reported — the statute engine decides (REPORT_S14).
 */
export const s14ReportMessages: ReminderBuilder = async (ctx, caseId, now) => {
  const c = await ctx.db.case.findUnique({ where: { id: caseId }, select: { id: true } });
  if (!c) return [];
  const full = await loadCase(ctx.db, caseId);
  const windows = windowsFromConfig(ctx.config);
  if (!checkTransition(caseStateOf(full, windows), 'REPORT_S14', 'pound_keeper', now).ok) return [];
  const facts = await loadNoticeFacts(ctx.db, caseId);
  const tl = caseTimeline(full, windows);
  if (!facts || !tl.ok) return [];
  const texts = renderNoticeTexts(ctx.translator, facts);
  const params = {
    number: full.number,
    heads: facts.headCount,
    impoundedAt: full.impoundedAt.toISOString(),
    lastDay: tl.value.s14ReportDue.date,
    place: full.placeOfSeizure,
    pound: full.pound.name,
    'pound@hi': full.pound.nameHi,
  };
  const officers = await staffChats(ctx.db, full.poundId, ['OFFICER']);
  const keepers = await staffChats(ctx.db, full.poundId, ['POUND_KEEPER']);
  const out: OutgoingMessage[] = [];
  const withTexts = (chatId: string, key: string) => {
    out.push({ chatId, key, params, priority: 'official' });
    out.push({ chatId, key: 'jobs:s14_report.notice_copy', params: { number: full.number, hi: texts.notice.hi, en: texts.notice.en }, priority: 'official' });
    out.push({ chatId, key: 'jobs:s14_report.proclamation_copy', params: { number: full.number, hi: texts.proclamation.hi, en: texts.proclamation.en }, priority: 'official' });
  };
  for (const chatId of officers) {
    withTexts(chatId, 'jobs:s14_report.to_officer');
    // The notice to print and post and the proclamation for the crier, as PDFs (src/documents).
    out.push({ chatId, key: 'documents:caption.notice', params: { number: full.number }, document: { kind: 'notice', caseId }, priority: 'official' });
    out.push({ chatId, key: 'documents:caption.proclamation', params: { number: full.number }, document: { kind: 'proclamation', caseId }, priority: 'official' });
  }
  for (const chatId of keepers.filter((k) => !officers.includes(k))) withTexts(chatId, 'jobs:s14_report.to_keeper');
  return out;
};
