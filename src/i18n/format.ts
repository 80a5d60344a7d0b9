/** Indian formatting for everything a user reads: ₹1,23,456.00 and dates/times in IST. */
export const IST = 'Asia/Kolkata';
export type Lang = 'en' | 'hi';

const locale = (lng: string) => (lng === 'hi' ? 'hi-IN' : 'en-IN');

// Building an Intl formatter costs far more than using one (issue 13: formatting and translation were 11 % of
// an update's CPU): one formatter per (kind, language), made on first use. The options depend only on those.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat>(kind: string, lng: string, make: () => F): F {
  const key = `${kind}:${lng === 'hi' ? 'hi' : 'en'}`;
  let f = formatters.get(key) as F | undefined;
  if (!f) formatters.set(key, (f = make()));
  return f;
}

/** Paise to rupees with Indian digit grouping (lakh, crore), always two decimals. */
export function formatRupees(paise: number | bigint, lng: string = 'en'): string {
  const p = BigInt(paise);
  const negative = p < 0n;
  const abs = negative ? -p : p;
  const rupees = abs / 100n;
  const rest = (abs % 100n).toString().padStart(2, '0');
  const grouped = cached(
    'rupees',
    lng,
    () => new Intl.NumberFormat(locale(lng), { useGrouping: true, numberingSystem: 'latn' }),
  ).format(rupees);
  return `${negative ? '−' : ''}₹${grouped}.${rest}`;
}

/** "29 Nov 2026" / "29 नव॰ 2026" for a statutory date; accepts 'YYYY-MM-DD' (an India date) or an instant. */
export function formatDate(value: Date | string, lng: string = 'en'): string {
  const d =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? new Date(`${value}T00:00:00+05:30`)
      : new Date(value);
  // Hindi readers get the full month name ("27 नवंबर 2026"); the short forms ("नव॰") read as clipped.
  const month = lng === 'hi' ? 'long' : 'short';
  return cached(
    'date',
    lng,
    () =>
      new Intl.DateTimeFormat(locale(lng), {
        timeZone: IST,
        day: 'numeric',
        month,
        year: 'numeric',
        numberingSystem: 'latn',
      }),
  ).format(d);
}

/** "29 Nov 2026, 4:05 pm IST"; in Hindi the 24-hour clock as in official notices: "29 नवंबर 2026 को 16:05 बजे IST". */
export function formatDateTime(value: Date | string, lng: string = 'en'): string {
  const d = new Date(value);
  const s = cached(
    'datetime',
    lng,
    () =>
      new Intl.DateTimeFormat(locale(lng), {
        timeZone: IST,
        day: 'numeric',
        month: lng === 'hi' ? 'long' : 'short',
        year: 'numeric',
        hour: lng === 'hi' ? '2-digit' : 'numeric',
        minute: '2-digit',
        hourCycle: lng === 'hi' ? 'h23' : 'h12',
        numberingSystem: 'latn',
      }),
  ).format(d);
  return `${s} IST`;
}
