import { describe, expect, it } from 'vitest';
import { checkBackEntry, type CaseState, type PaperStepTimes } from '../../../src/law';
import { ist } from './fixtures';

// Impounded 1 Nov 2026 at 10:00 IST (day 0): the seven days for claiming are 2–8 Nov, the report may be made from
// 00:00 IST on 9 Nov (General Clauses Act s. 9). The back-entry is made on 25 Nov.
const IMPOUNDED: CaseState = { status: 'IMPOUNDED', impoundedAt: ist('2026-11-01T10:00'), heads: 2 };
const NOW = ist('2026-11-25T12:00');
const FULL: PaperStepTimes = {
  report: ist('2026-11-09T10:00'),
  notice: ist('2026-11-10T11:00'),
  village: ist('2026-11-10T15:00'),
  market: ist('2026-11-11T09:00'),
};

function refused(times: PaperStepTimes, state: CaseState = IMPOUNDED) {
  const r = checkBackEntry(state, times, NOW);
  if (r.ok) throw new Error('expected a refusal');
  return r.refusals.map((e) => ({ reason: e.reason, section: e.section, step: e.details.step }));
}

describe('checkBackEntry: s. 14 steps already taken on paper, judged by the engine', () => {
  it('report, notice and both proclamations: NOTICE_POSTED, the auction from seven days after the notice', () => {
    const r = checkBackEntry(IMPOUNDED, FULL, NOW);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.steps).toEqual(['report', 'notice', 'village', 'market']);
    expect(r.value.state.status).toBe('NOTICE_POSTED');
    expect(r.value.state.reportedAt).toEqual(FULL.report);
    expect(r.value.state.noticePostedAt).toEqual(FULL.notice);
    // Notice on 10 Nov: the seven days are 11–17 Nov; the auction may be held from 18 Nov.
    expect(r.value.auctionEligible?.actionableFrom).toBe('2026-11-18');
    expect(r.value.auctionEligible?.section).toBe('s. 14');
  });

  it('the report alone: REPORTED_S14 at the paper time; a notice not yet proclaimed everywhere stays REPORTED_S14', () => {
    const a = checkBackEntry(IMPOUNDED, { report: FULL.report }, NOW);
    expect(a.ok && a.value.state.status).toBe('REPORTED_S14');
    expect(a.ok && a.value.auctionEligible).toBeNull();
    const b = checkBackEntry(IMPOUNDED, { report: FULL.report, notice: FULL.notice, village: FULL.village }, NOW);
    expect(b.ok && b.value.state.status).toBe('REPORTED_S14');
    expect(b.ok && b.value.notice?.proclaimedAtMarketAt).toBeNull();
  });

  it('the report exactly when the seven days end (00:00 IST, day 8) is allowed; a millisecond earlier is refused', () => {
    const due = ist('2026-11-09T00:00');
    expect(checkBackEntry(IMPOUNDED, { report: due }, NOW).ok).toBe(true);
    expect(refused({ report: new Date(due.getTime() - 1) })).toEqual([
      { reason: 'CLAIM_PERIOD_RUNNING', section: 's. 14', step: 'report' },
    ]);
  });

  it('a report before the impounding is refused under s. 14', () => {
    expect(refused({ report: ist('2026-10-30T10:00') })).toEqual([
      { reason: 'BEFORE_IMPOUNDING', section: 's. 14', step: 'report' },
    ]);
  });

  it('the notice before the report is refused (s. 14: it would start the seven days of notice early)', () => {
    expect(refused({ ...FULL, notice: ist('2026-11-09T09:59') })).toEqual([
      { reason: 'NOTICE_BEFORE_REPORT', section: 's. 14', step: 'notice' },
    ]);
    // At the same minute as the report: allowed.
    expect(checkBackEntry(IMPOUNDED, { ...FULL, notice: FULL.report }, NOW).ok).toBe(true);
  });

  it('a proclamation before the notice is refused, naming which one', () => {
    expect(refused({ ...FULL, market: ist('2026-11-10T10:59') })).toEqual([
      { reason: 'PROCLAMATION_BEFORE_NOTICE', section: 's. 14', step: 'market' },
    ]);
    expect(refused({ ...FULL, village: ist('2026-11-10T10:00') })).toEqual([
      { reason: 'PROCLAMATION_BEFORE_NOTICE', section: 's. 14', step: 'village' },
    ]);
  });

  it('a step later than its entry is refused; so is a notice without a report and a proclamation without a notice', () => {
    expect(refused({ report: new Date(NOW.getTime() + 60_000) })).toEqual([
      { reason: 'PAPER_STEP_IN_FUTURE', section: 's. 14', step: 'report' },
    ]);
    expect(checkBackEntry(IMPOUNDED, { report: NOW }, NOW).ok).toBe(true);
    expect(refused({ notice: FULL.notice })).toEqual([
      { reason: 'PAPER_STEP_MISSING', section: 's. 14', step: 'notice' },
    ]);
    expect(refused({ report: FULL.report, market: FULL.market })).toEqual([
      { reason: 'PAPER_STEP_MISSING', section: 's. 14', step: 'market' },
    ]);
  });

  it('a case that has moved on (reported already) is refused by the engine (WRONG_STATUS)', () => {
    const reported: CaseState = { ...IMPOUNDED, status: 'REPORTED_S14', reportedAt: ist('2026-11-20T10:00') };
    expect(refused({ report: FULL.report }, reported)).toEqual([
      { reason: 'WRONG_STATUS', section: 's. 14', step: 'report' },
    ]);
  });

  it('the notice exactly seven days old: the auction may be held from the next day (day 8 after the notice)', () => {
    const r = checkBackEntry(
      IMPOUNDED,
      { ...FULL, notice: ist('2026-11-18T10:00'), village: ist('2026-11-18T11:00'), market: ist('2026-11-18T12:00') },
      NOW,
    );
    expect(r.ok && r.value.auctionEligible?.date).toBe('2026-11-25');
    expect(r.ok && r.value.auctionEligible?.actionableFrom).toBe('2026-11-26');
  });
});
