import { formatDate, formatRupees } from '../../../i18n';
import type { DeskPound, MoneySummary } from '../../../services/desk';
import { deskHref, escapeHtml, type Frame, frame, list, poundPicker, section, sectionText } from './frame';

const e = escapeHtml;

export function moneyView(f: Frame, pounds: DeskPound[], current: DeskPound | null, m: MoneySummary): string {
  const { t, lang } = f;
  const name = (id: number) => {
    const p = pounds.find((x) => x.id === id);
    return p ? (lang === 'hi' ? p.nameHi : p.name) : '';
  };
  const totals = new Map<string, number>();
  for (const l of m.lines) {
    const k = `${l.account}\u0000${l.section}`;
    totals.set(k, (totals.get(k) ?? 0) + l.amountPaise);
  }
  const lines = [...totals.entries()]
    .map(([k, v]) => {
      const [account, sec] = k.split('\u0000') as [string, string];
      return `<tr><td>${e(t(`desk:account.${account}`))}</td><td>${e(sectionText(t, sec))}</td><td class="num">${e(
        formatRupees(v, lang),
      )}</td></tr>`;
    })
    .join('');
  const table = lines
    ? `<div class="scroll"><table><thead><tr><th>${e(t('desk:money.account'))}</th><th>${e(t('desk:money.section'))}</th><th>${e(
        t('desk:money.amount'),
      )}</th></tr></thead><tbody>${lines}</tbody></table></div>`
    : '';
  const remits = list(
    m.remittances.map((r) =>
      t('desk:money.remitted', {
        kind: t(`desk:remittance_kind.${r.kind}`),
        amount: r.amountPaise,
        pound: name(r.poundId),
      }),
    ),
  );
  const surplus = m.surplus.length
    ? `<ul>${m.surplus
        .map(
          (s) =>
            `<li><a data-desk href="${e(deskHref('entry', { id: s.caseId }, lang))}">${e(s.caseNumber)}</a> ${e(
              t('desk:money.surplus_line', {
                amount: s.amountPaise,
                date: formatDate(s.holdEnd, lang),
                pound: name(s.poundId),
              }),
            )}</li>`,
        )
        .join('')}</ul>`
    : '';
  const deposits = m.deposits.length
    ? `<ul>${m.deposits
        .map(
          (s) =>
            `<li><a data-desk href="${e(deskHref('entry', { id: s.caseId }, lang))}">${e(s.caseNumber)}</a> ${e(
              t('desk:money.deposit_line', { amount: s.amountPaise, pound: name(s.poundId) }),
            )}</li>`,
        )
        .join('')}</ul>`
    : '';
  const chart = {
    months: m.months.map((x) => x.month),
    received: m.months.map((x) => x.receivedPaise / 100),
    remitted: m.months.map((x) => x.remittedPaise / 100),
    labels: {
      month: t('desk:money.month'),
      received: t('desk:money.chart_received'),
      remitted: t('desk:money.chart_remitted'),
    },
  };
  const monthRows = m.months
    .map(
      (x) =>
        `<tr><td>${e(x.month)}</td><td class="num">${e(formatRupees(x.receivedPaise, lang))}</td><td class="num">${e(
          formatRupees(x.remittedPaise, lang),
        )}</td></tr>`,
    )
    .join('');
  const title = current
    ? t('desk:money.title_pound', { pound: lang === 'hi' ? current.nameHi : current.name })
    : t('desk:money.title_all');
  const allLink =
    pounds.length > 1
      ? `<p class="pounds"><a data-desk class="chip" href="${e(deskHref('money', {}, lang))}"${current ? '' : ' aria-current="true"'}>${e(
          t('desk:money.all_pounds'),
        )}</a></p>`
      : '';
  return frame(
    f,
    title,
    `${allLink}${poundPicker(f, 'money', pounds, current?.id)}
${section(t('desk:money.by_section'), table, t('desk:money.nothing'))}
${section(t('desk:money.remittances'), remits, t('desk:money.nothing'))}
${section(t('desk:money.surplus'), surplus, t('desk:money.nothing'))}
${section(t('desk:money.deposits'), deposits, t('desk:money.nothing'))}
<section><h2>${e(t('desk:money.months'))}</h2><div id="chart" class="chart" data-chart="${e(JSON.stringify(chart))}"></div>
<details><summary>${e(t('desk:money.months_table'))}</summary><div class="scroll"><table><thead><tr><th>${e(
      t('desk:money.month'),
    )}</th><th>${e(t('desk:money.chart_received'))}</th><th>${e(t('desk:money.chart_remitted'))}</th></tr></thead><tbody>${monthRows}</tbody></table></div></details></section>`,
  );
}
