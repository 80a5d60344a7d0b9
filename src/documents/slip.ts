import { poundNameIn } from '../i18n';
import { entryCopyText, slipLink } from '../services/document-facts';
import {
  BILINGUAL,
  DocumentUnavailable,
  fileSafe,
  parts,
  type DocumentDeps,
  type CaseDocument,
  type PartBody,
} from './compose';
import { groupPhotos, photosBlock } from './photos';

// The two papers of a new register entry (s. 8) the chat sends the keeper when he registers a seizure, printable from
// the desk: the owner's slip with the case's QR code (the same link as the chat's slip: the public case page when
// PUBLIC_URL is set, else the case in the bot) and the copy of the entry for the person who brought the cattle in.

async function entryOf(deps: DocumentDeps, caseId: number) {
  const c = await deps.db.case.findUnique({
    where: { id: caseId },
    include: {
      pound: true,
      heads: { orderBy: { index: 'asc' }, select: { index: true, cattleClass: true, description: true } },
    },
  });
  if (!c) throw new DocumentUnavailable('not_found');
  return c;
}

/** The owner's slip: the case number, the pound, the QR code and what the owner does with it (A6). */
export const ownerSlipDocument: CaseDocument = async (deps, caseId, langs = BILINGUAL) => {
  const c = await entryOf(deps, caseId);
  const link = slipLink(deps.publicUrl, deps.botUsername, c.number);
  const body: PartBody = (t, lang) => ({
    head: [
      { t: 'title', text: t('documents:slip.title') },
      { t: 'subtitle', text: t('documents:slip.subtitle', { number: c.number }) },
    ],
    blocks: [
      {
        t: 'kv',
        rows: [
          [t('documents:slip.pound'), `${poundNameIn(lang, c.pound)} (${c.pound.code})`],
          [t('documents:slip.address'), c.pound.address],
          [t('documents:slip.impounded'), t('documents:datetime', { at: c.impoundedAt.toISOString() })],
          [t('documents:slip.cattle'), t('documents:slip.heads', { count: c.heads.length })],
        ],
      },
      { t: 'p', text: t('staff:register.owner_slip', { number: c.number, link, pound: poundNameIn(lang, c.pound) }) },
    ],
  });
  return {
    layout: {
      title: `${c.number} slip`,
      paper: 'a6',
      size: 9,
      qr: { link, caption: c.number },
      parts: parts(deps.translator, langs, body),
    },
    filename: `slip-${fileSafe(c.number)}.pdf`,
    caption: { key: 'documents:caption.slip', params: { number: c.number } },
  };
};

/** The copy of the register entry (s. 8) for the seizer: the chat's copy, with the groups' photos and a signature. */
export const seizerCopyDocument: CaseDocument = async (deps, caseId, langs = BILINGUAL) => {
  const c = await entryOf(deps, caseId);
  const photos = await groupPhotos(deps.db, caseId);
  const body: PartBody = (t, lang) => {
    const [first, ...rest] = entryCopyText(t, c, poundNameIn(lang, c.pound)).split('\n');
    const pics = photosBlock(t, photos.items);
    return {
      head: [{ t: 'title', text: first ?? '' }],
      blocks: [
        { t: 'p', text: rest.join('\n') },
        ...(pics ? [pics] : []),
        { t: 'sign', items: [t('documents:slip.sign_keeper'), t('documents:slip.sign_seizer')] },
      ],
    };
  };
  return {
    layout: {
      title: `${c.number} s. 8 copy`,
      paper: 'a5',
      size: 9.5,
      qr: null,
      parts: parts(deps.translator, langs, body),
      images: photos.images,
    },
    filename: `entry-copy-${fileSafe(c.number)}.pdf`,
    caption: { key: 'documents:caption.seizer_copy', params: { number: c.number } },
  };
};
