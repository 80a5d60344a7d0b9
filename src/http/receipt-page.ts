import { poundNameIn } from '../i18n';
import type { Lang, Translator } from '../i18n';
import { headLabelText } from '../services/head-label';
import type { PublicReceipt } from '../services/verify';
import { escapeHtml, otherLanguage, publicPage } from './page';

// The public receipt page (GET /r/<code>), in the shell every public page shares (./page.ts). Only what the printed
// receipt shows: no name, no residence. A receipt for one owner's heads of a register entry lists those heads (class,
// description) and says it covers only them, as the receipt PDF, the chat receipt and /verify do; a receipt of the
// whole entry lists none.

const ROLE_KEY = {
  POUND_KEEPER: 'pound_keeper',
  OFFICER: 'officer',
  MAGISTRATE: 'magistrate',
  ADMIN: 'admin',
} as const;

/** The receipt page's own rules (after the shared ones in ./page.ts): the verdict box and a part receipt's heads. */
const STYLE = `
.verdict{border-radius:8px;padding:12px 14px;margin:0 0 14px;border:2px solid}
.ok{background:#e8f5e9;border-color:#2e7d32}
.bad{background:#fdecea;border-color:#c62828}
.verdict strong{display:block;font-size:1.25rem}
dd ul{margin:0;padding-left:1.2em}
dd .note{margin:6px 0 0;font-weight:400;font-size:.95rem}
`;

/** The whole HTML page for one receipt (or the one "not verified" page, the same for any unknown code). */
export function renderReceiptPage(translator: Translator, lang: Lang, receipt: PublicReceipt | null): string {
  const t = translator.forLang(lang);
  const row = (label: string, value: string) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`;
  let body: string;
  if (receipt) {
    const pound = poundNameIn(lang, receipt.pound);
    const confirmed = receipt.confirmedByRole
      ? t(`common:role.${ROLE_KEY[receipt.confirmedByRole]}`)
      : t('web:receipt.confirmed_by_none');
    // One owner's heads of the entry (a part receipt): each head by class and description, and that it covers only them.
    const heads = receipt.heads?.length
      ? `<dt>${escapeHtml(t('web:receipt.part_heads', { count: receipt.heads.length }))}</dt><dd><ul class="heads">${receipt.heads.map((h) => `<li>${escapeHtml(headLabelText(t, h))}</li>`).join('')}</ul><p class="note">${escapeHtml(t('web:receipt.part_note', { count: receipt.heads.length }))}</p></dd>\n`
      : '';
    body = `<p class="verdict ok" role="status"><strong>✓ ${escapeHtml(t('web:receipt.genuine'))}</strong>${escapeHtml(t('web:receipt.genuine_note'))}</p>
<dl>
${row(t('web:receipt.number'), receipt.number)}
${row(t('web:receipt.pound'), `${pound} (${receipt.pound.code})`)}
${row(t('web:receipt.case'), receipt.caseNumber)}
${row(t('web:receipt.kind'), t(`owner:verify.kind_${receipt.kind}`, receipt.headCount ? { count: receipt.headCount } : {}))}
${heads}${row(t('web:receipt.amount'), t('web:receipt.amount_value', { amount: receipt.amountPaise }))}
${row(t('web:receipt.issued'), t('web:receipt.issued_value', { at: receipt.issuedAt.toISOString() }))}
${row(t('web:receipt.confirmed_by'), confirmed)}
</dl>`;
  } else {
    body = `<p class="verdict bad" role="status"><strong>✗ ${escapeHtml(t('web:receipt.not_found'))}</strong>${escapeHtml(t('web:receipt.not_found_note'))}</p>`;
  }
  return publicPage({
    lang,
    title: t('web:receipt.title'),
    heading: t('web:receipt.heading'),
    switchLabel: translator.t(otherLanguage(lang), 'web:receipt.switch_here'),
    footer: t('web:receipt.footer'),
    style: STYLE,
    body,
  });
}
