import type { Composer } from 'grammy';
import type { BotContext } from '../context';
import { leaveFlowOnCommand } from '../middleware/leave-flow';
import { staffCommandGate } from '../middleware/staff-commands';
import { confirmPaymentFeature } from './confirm-payment';
import { enrolFeature } from './enrol';
import { pendingFeature } from './pending';
import { registerExportFeature } from './register-export';
import { registerSeizureFeature } from './register-seizure';
import { ownerMobileFeature } from './owner-mobile';
import { ownerSmsFeature } from './owner-sms';
import { photoCommandFeature } from './photo-command';
import { ownerPhotoFeature } from './owner-photo';
import { releaseFeature } from './release';
import { unhandledFeature } from './unhandled';
import { acknowledgeFeature } from './acknowledge';
import { caseFeature, ownerFallback } from './case';
import { ownerWordsFeature } from './owner-words';
import { claimFeature } from './claim';
import { complaintFeature } from './complaint';
import { duesFeature } from './dues';
import { followFeature } from './follow';
import { helpFeature } from './help';
import { languageFeature } from './language';
import { protestFeature } from './protest';
import { startFeature } from './start';
import { statsFeature } from './stats';
import { verifyFeature } from './verify';
import { noticeFeature } from './notice';
import { paperStepsFeature } from './paper-steps';
import { auctionFeature } from './auction';
import { moneyFeature } from './money';
import { ordersFeature } from './orders';
import { outcomeFeature } from './outcome';
import { statusFeature } from './status';
import { staffHelpFeature } from './staff-help';
import { surplusRequestFeature } from './surplus-request';
import { deskFeature } from './desk';
import { staffAdminFeature } from './staff-admin';

/**
 * Every flow of the bot, in the order they get a chance at an update. Add a feature here;
 * `unhandledFeature` stays last.
 */
export const features: Composer<BotContext>[] = [
  // First of all: any command leaves whatever flow (owner or staff) the user is in, and /cancel answers.
  leaveFlowOnCommand,
  // Then a staff command from someone without its right is refused before it reads its arguments.
  staffCommandGate,
  // Staff flows: registration and money. enrol before the owners' /start (it passes other payloads on).
  enrolFeature,
  registerSeizureFeature,
  ownerMobileFeature,
  // /photo <case>: a group's photo added or replaced after the entry was made.
  photoCommandFeature,
  confirmPaymentFeature,
  pendingFeature,
  releaseFeature,
  registerExportFeature,
  // Staff flows: notice, auction and money (ss. 14-17), orders.
  noticeFeature,
  // /paper <case>: s. 14 steps already taken on paper, entered with their dates.
  paperStepsFeature,
  auctionFeature,
  moneyFeature,
  ordersFeature,
  outcomeFeature,
  // s. 17: an owner asks for the surplus held by the District Magistrate (button on the case card).
  surplusRequestFeature,
  // /help for staff: the general help (below), then the commands of their roles.
  staffHelpFeature,
  // Jobs: /status for administrators.
  statusFeature,
  // The staff desk (/desk) and staff administration from the chat (/enrol, /staff, /revoke).
  deskFeature,
  staffAdminFeature,
  // Owner flows (after enrol, which takes /start enrol_<code> and passes other payloads on).
  startFeature,
  languageFeature,
  helpFeature,
  caseFeature,
  duesFeature,
  claimFeature,
  protestFeature,
  followFeature,
  // /sms off | on: the owner stops or starts the SMS about the cases he claimed.
  ownerSmsFeature,
  verifyFeature,
  // /stats [code]: open pound data, the at-a-glance of a pound or district with the link to its page.
  statsFeature,
  complaintFeature,
  acknowledgeFeature,
  // "This is mine": an owner's photo of his animal goes with his open claim.
  ownerPhotoFeature,
  // Owners in their own words: intents from free text ("how much", "कांजी हाउस कहाँ है"), media answered.
  ownerWordsFeature,
  // Owner fallback: plain text (case number or search), unknown commands. Keep last.
  ownerFallback,
];

export const lastFeature = unhandledFeature;
