// The s. 14 report, notice and drum proclamation: when the report is due and the notice posted (notice.ts), the
// particulars s. 14 requires (text.ts), and the pound-keeper's report to the officer (report.ts).
// This index is the folder's public surface.
export {
  auctionEligibleOf,
  checkNotice,
  headsTheNoticeReports,
  missingProclamations,
  type NoticeResult,
  type Proclamation,
  type ProclamationPlace,
  recordNotice,
  recordProclamations,
} from './notice';
export {
  markS14ReportDelivered,
  PENDING_OUTCOME,
  pendingSteps,
  recordS14Reported,
  releasePendingSteps,
  s14ReportStep,
  type StepResult,
} from './report';
export { cattleSummary, loadNoticeFacts, type NoticeFacts, noticeParams, renderNoticeTexts } from './text';
