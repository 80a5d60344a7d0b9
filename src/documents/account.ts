import { accountParams, carriedOf, completedRounds, loadCase } from '../services/document-facts';
import {
  BILINGUAL,
  DocumentUnavailable,
  fileSafe,
  money,
  parts,
  type DocumentDeps,
  type DocumentLangs,
  type DocumentSpec,
  type PartBody,
} from './compose';
import type { Block } from './engine';

/**
 * The s. 16 account (a)–(f) of an auction round as stored on the auction (the account the statute engine
 * computed and the officer delivered; accountParams is the same flattening the chat message uses): the
 * deductions in the order the proceeds meet them (sale expenses, fine or penalty, feeding, security), what
 * each left unrecovered, the balance and where it went, and the owner's receipt line.
 */
export async function accountDocument(
  deps: DocumentDeps,
  caseId: number,
  round?: number,
  langs: DocumentLangs = BILINGUAL,
): Promise<DocumentSpec> {
  const c = await loadCase(deps.db, caseId).catch(() => null);
  if (!c) throw new DocumentUnavailable('not_found');
  const rounds = completedRounds(c);
  const r = round ? rounds.find((x) => x.round === round) : rounds.at(-1);
  if (!r) throw new DocumentUnavailable('no_account');
  const inputs = r.stored.inputs;
  // Delivered: the account as handed over; not yet: the account computed at the sale (same engine, same inputs).
  const delivered = r.stored.delivered;
  if (!delivered) throw new DocumentUnavailable('no_account');
  const a = delivered.account;
  const p = accountParams(c.number, delivered, inputs);
  const term = a.c_finesAndCharges.term;
  const Term = term === 'penalty' ? 'Penalty' : 'Fine';
  const body: PartBody = (t) => {
    const charges: Array<[string, string]> = [
      [t('documents:account.c_fine', { term: Term }), money(t, a.c_finesAndCharges.finePaise)],
      [t('documents:account.c_feeding'), money(t, a.c_finesAndCharges.feedingPaise)],
      ...(a.c_finesAndCharges.securityPaise > 0
        ? [[t('documents:account.c_security'), money(t, a.c_finesAndCharges.securityPaise)] as [string, string]]
        : []),
      ...(carriedOf(inputs) > 0
        ? [[t('documents:account.c_carried'), money(t, carriedOf(inputs))] as [string, string]]
        : []),
      [t('documents:account.c_total'), money(t, a.c_finesAndCharges.totalPaise)],
    ];
    const deductions = a.f_disposal.filter((d) => d.kind !== 'balance' && (d.kind !== 'security' || d.duePaise > 0));
    const blocks: Block[] = [
      {
        t: 'kv',
        rows: [
          [t('documents:case'), c.number],
          [t('documents:account.a'), String(a.a_cattleSeized)],
          [
            t('documents:account.b'),
            t('documents:account.b_value', { from: String(p.from), to: String(p.to), days: a.b_timeImpounded.days }),
          ],
        ],
      },
      { t: 'heading', text: t('documents:account.c', { term }) },
      { t: 'table', head: ['', ''], rows: charges, widths: ['1fr', 'auto'], right: [1] },
      {
        t: 'kv',
        rows: [
          [t('documents:account.d'), String(a.d_cattleSold)],
          [t('documents:account.e'), money(t, a.e_proceedsPaise)],
        ],
      },
      { t: 'heading', text: t('documents:account.f') },
      {
        t: 'table',
        head: [
          t('documents:account.col_order'),
          t('documents:account.col_part'),
          t('documents:account.col_due'),
          t('documents:account.col_paid'),
          t('documents:account.col_short'),
        ],
        rows: [
          ...deductions.map((d, i) => [
            String(i + 1),
            t(`documents:account.part_${d.kind}`, { term: Term }),
            money(t, d.duePaise),
            money(t, d.amountPaise),
            money(t, d.unrecoveredPaise),
          ]),
          [
            '',
            `${t('documents:account.balance')} — ${t(`documents:account.balance_to_${a.balanceTo}`)}`,
            '',
            money(t, a.balancePaise),
            '',
          ],
        ],
        widths: ['auto', '1fr', 'auto', 'auto', 'auto'],
        right: [2, 3, 4],
      },
      ...(a.remainingCattle > 0
        ? [
            {
              t: 'p',
              text: t(`documents:account.remaining_${String(p.remainingTo)}`, { n: a.remainingCattle }),
            } as Block,
          ]
        : []),
      { t: 'p', text: t('documents:account.delivered', { at: delivered.deliveredAt }) },
      {
        t: 'p',
        text: t('documents:account.owner_receipt', {
          receipt: delivered.receiptNumber
            ? t('documents:account.owner_receipt_number', { number: delivered.receiptNumber })
            : '',
        }),
      },
      { t: 'sign', items: [t('documents:account.sign_owner'), t('documents:account.sign_officer')] },
    ];
    return {
      head: [
        { t: 'title', text: t('documents:account.title') },
        { t: 'subtitle', text: t('documents:account.subtitle', { round: r.round }) },
      ],
      blocks,
    };
  };
  return {
    layout: {
      title: `${c.number} s. 16 account`,
      paper: 'a4',
      size: 10,
      qr: null,
      parts: parts(deps.translator, langs, body),
    },
    filename: `account-${fileSafe(c.number)}-r${r.round}.pdf`,
    caption: { key: 'documents:caption.account', params: { number: c.number } },
  };
}
