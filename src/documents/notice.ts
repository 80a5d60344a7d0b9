import { poundNameIn } from '../i18n';
import type { Translate } from '../i18n';
import { toIstDate } from '../law';
import {
  auctionEligibleOf,
  headsTheNoticeReports,
  loadNoticeFacts,
  type NoticeFacts,
  renderNoticeTexts,
  slipLink,
} from '../services/document-facts';
import {
  BILINGUAL,
  DocumentUnavailable,
  fileSafe,
  parts,
  type DocumentDeps,
  type CaseDocument,
  type PartBody,
} from './compose';
import type { Block } from './engine';
import { groupPhotos, photosBlock } from './photos';

async function load(deps: DocumentDeps, caseId: number) {
  const facts = await loadNoticeFacts(deps.db, caseId);
  const c = await deps.db.case.findUnique({
    where: { id: caseId },
    include: { notice: true, auction: true, pound: true, heads: { select: { id: true, status: true } } },
  });
  if (!facts || !c) throw new DocumentUnavailable('not_found');
  // The groups the notice reports, with their photos.
  const photos = await groupPhotos(deps.db, caseId, {
    onlyHeadIds: new Set(headsTheNoticeReports(c.heads).map((h) => h.id)),
  });
  return { facts, c, photos };
}

/**
 * The s. 14 notice to stick up at the police station and the market: (a) the number and description of
 * the cattle, (b) the place of seizure, (c) the place of impounding, as the Act lists them; the notice date
 * and the auction-eligible date from the statute engine (auctionEligibleOf); the auction's place, time and
 * conditions once the officer has fixed them; the case number with a QR code to the case's deep link; and
 * the officer's signature block.
 */
export const noticeDocument: CaseDocument = async (deps, caseId, langs = BILINGUAL) => {
  const { facts, c, photos } = await load(deps, caseId);
  const eligible = auctionEligibleOf(c);
  const auction = c.auction && c.auction.status !== 'CANCELLED' ? c.auction : null;
  const body: PartBody = (t, lang) => {
    const poundName = poundNameIn(lang, facts.pound);
    const blocks: Block[] = [
      { t: 'p', text: t('documents:notice.intro', { pound: poundName, impoundedOn: facts.impoundedOn }) },
      { t: 'kv', rows: [[t('documents:case'), facts.number]] },
      { t: 'heading', text: t('documents:notice.a', { count: facts.headCount }) },
      cattleTable(t, facts),
      ...optional(photosBlock(t, photos.items)),
      {
        t: 'kv',
        rows: [
          [t('documents:notice.b'), facts.placeOfSeizure],
          [t('documents:notice.c'), `${poundName}, ${facts.pound.address}`],
          [
            t('documents:notice.posted'),
            c.noticePostedAt
              ? t('documents:date', { d: toIstDate(c.noticePostedAt) })
              : t('documents:notice.not_posted'),
          ],
          ...proclaimed(t, c.notice),
        ],
      },
      {
        t: 'p',
        text: eligible
          ? t('documents:notice.warning', { eligible: eligible.actionableFrom })
          : t('documents:notice.warning_unposted'),
      },
      { t: 'heading', text: t('documents:notice.auction_heading') },
      auction
        ? {
            t: 'kv',
            rows: [
              [t('documents:notice.auction_at'), t('documents:datetime', { at: auction.scheduledFor.toISOString() })],
              [t('documents:notice.auction_place'), auction.place],
              [t('documents:notice.auction_conditions'), auction.conditions],
              ...(auction.directionRef
                ? [[t('documents:notice.auction_direction'), auction.directionRef] as [string, string]]
                : []),
              ...(auction.round > 1
                ? [[t('documents:notice.auction_round'), String(auction.round)] as [string, string]]
                : []),
            ],
          }
        : { t: 'p', text: t('documents:notice.auction_pending') },
      {
        t: 'sign',
        items: [
          t('documents:notice.sign_officer', { station: c.pound.policeStation }),
          t('documents:notice.sign_date'),
        ],
      },
    ];
    return {
      head: [
        { t: 'title', text: t('documents:notice.title') },
        { t: 'subtitle', text: t('documents:notice.subtitle') },
      ],
      blocks,
    };
  };
  return {
    layout: {
      title: `${facts.number} s. 14`,
      paper: 'a4',
      size: 10.5,
      pagePerLanguage: true,
      qr: {
        link: slipLink(deps.publicUrl, deps.botUsername, facts.number),
        caption: facts.number,
      },
      parts: parts(deps.translator, langs, body),
      images: photos.images,
    },
    filename: `notice-${fileSafe(facts.number)}.pdf`,
    caption: { key: 'documents:caption.notice', params: { number: facts.number } },
  };
};

const optional = (b: Block | null): Block[] => (b ? [b] : []);

function cattleTable(t: Translate, facts: NoticeFacts): Block {
  return {
    t: 'table',
    head: [
      t('documents:notice.col_no'),
      t('documents:notice.col_cattle'),
      t('documents:notice.col_description'),
      t('documents:notice.col_count'),
    ],
    rows: facts.groups.map((g, i) => [
      String(i + 1),
      t(`common:cattle.${g.cattleClass}`),
      g.description,
      String(g.count),
    ]),
    widths: ['auto', 'auto', '1fr', 'auto'],
    right: [3],
  };
}

function proclaimed(
  t: Translate,
  n: {
    proclaimedVillagePlace: string | null;
    proclaimedVillageAt: Date | null;
    proclaimedMarketPlace: string | null;
    proclaimedMarketAt: Date | null;
  } | null,
): Array<[string, string]> {
  const rows: Array<[string, string]> = [];
  if (n?.proclaimedVillageAt)
    rows.push([
      t('documents:notice.proclaimed_village'),
      `${n.proclaimedVillagePlace ?? ''}, ${t('documents:datetime', { at: n.proclaimedVillageAt.toISOString() })}`,
    ]);
  if (n?.proclaimedMarketAt)
    rows.push([
      t('documents:notice.proclaimed_market'),
      `${n.proclaimedMarketPlace ?? ''}, ${t('documents:datetime', { at: n.proclaimedMarketAt.toISOString() })}`,
    ]);
  return rows;
}

/**
 * The drum proclamation (s. 14) for the crier, in large type: the same words the officer gets in the
 * chat (jobs:notice.proclamation through renderNoticeTexts), with a line to note where and when it was read.
 */
export const proclamationDocument: CaseDocument = async (deps, caseId, langs = BILINGUAL) => {
  const { facts, photos } = await load(deps, caseId);
  const texts = renderNoticeTexts(deps.translator, facts);
  const body: PartBody = (t, lang) => {
    // The chat text opens with its own heading line; the document prints its heading larger instead.
    const words = texts.proclamation[lang].split('\n\n').slice(1).join('\n\n');
    return {
      head: [{ t: 'title', text: t('documents:proclamation.title') }],
      blocks: [
        { t: 'p', text: t('documents:proclamation.say', { place: facts.placeOfSeizure }) },
        { t: 'big', text: words },
        ...optional(photosBlock(t, photos.items)),
        { t: 'p', text: t('documents:proclamation.heard') },
      ],
    };
  };
  return {
    layout: {
      title: `${facts.number} proclamation`,
      paper: 'a4',
      size: 12,
      pagePerLanguage: true,
      qr: null,
      parts: parts(deps.translator, langs, body),
      images: photos.images,
    },
    filename: `proclamation-${fileSafe(facts.number)}.pdf`,
    caption: { key: 'documents:caption.proclamation', params: { number: facts.number } },
  };
};
