// Staff and their rights: who an official is and what he may do (actor.ts), enrolment by single-use codes
// (enrolment.ts), staff administration by the Magistrate's office and administrators (admin.ts), and the rule that a
// pound is never left without an administering grant (administering.ts).
// This index is the folder's public surface.
export {
  actorInTx,
  authorize,
  type Authorized,
  authorizeInTx,
  authorizeOnRowsInTx,
  type Grant,
  type GrantRow,
  grantsInTxSql,
  grantsOfRows,
  holds,
  lawRole,
  loadGrants,
  loadStaffActor,
  may,
  poundsInScope,
  RIGHTS,
  type StaffActor,
  staffActorOf,
  type StaffRight,
  type StaffRoleCode,
  type Via,
} from './actor';
export {
  administersStaff,
  type IssueResult,
  issueStaffCode,
  listStaff,
  revokeStaffGrant,
  roleFromWord,
  type StaffListEntry,
} from './admin';
export {
  ENROL_GLOBAL_MAX,
  ENROL_MAX_FAILURES,
  ENROL_REFUSED_ACTION,
  ENROL_WINDOW_MS,
  ENROLMENT_CODE_LENGTH,
  enrolmentLink,
  hashEnrolmentCode,
  issueEnrolmentCode,
  normaliseCode,
  randomCode,
  redeemEnrolmentCode,
  type RedeemResult,
  revokeStaff,
  UNAMBIGUOUS_ALPHABET,
} from './enrolment';
