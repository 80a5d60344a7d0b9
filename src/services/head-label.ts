import type { Translate } from '../i18n';

/** A head as the register names it (s. 8 "number and description of the cattle"): its s. 3 class and description. */
export interface HeadWords {
  cattleClass: string;
  description: string;
}

/**
 * "Cow, black, white star" / "गाय, black, white star": the class in the reader's language (capitalised where the
 * script has capitals) and the register's description. The owner's choice of his heads (bot/views/owner/claim-heads.ts)
 * and the receipts that cover only those heads (chat receipt, /verify) name a head the same way.
 */
export function headLabelText(t: Translate, h: HeadWords): string {
  const cls = t(`common:cattle.${h.cattleClass}`);
  return t('owner:heads.head', { cattle: cls.charAt(0).toUpperCase() + cls.slice(1), description: h.description });
}

/** Several heads, in register order as given, one label each, joined as the owner's choice shows them. */
export function headsListText(t: Translate, heads: readonly HeadWords[]): string {
  return heads.map((h) => headLabelText(t, h)).join('; ');
}
