/** Indian formatting for everything a user reads: ₹1,23,456.00 and dates/times in IST. */
export const IST = 'Asia/Kolkata';
export type Lang = 'en' | 'hi';

const locale = (lng: string) => (lng === 'hi' ? 'hi-IN' : 'en-IN');

// Building an Intl formatter costs far more than using one (formatting and translation were 11 % of
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

/**
 * A time as people say it: "29 Nov 2026, 4:05 pm"; in Hindi the part of the day and the 12-hour clock,
 * "29 नवंबर 2026, शाम 4:05 बजे" (सुबह 4–11, दोपहर 12–15, शाम 16–19, रात 20–3). Always India time, so no
 * "IST" is written, and no को: a text adds को/तक/से after it only where it reads right (see locales/README.md).
 */
export function formatDateTime(value: Date | string, lng: string = 'en'): string {
  const d = new Date(value);
  const parts = cached(
    'datetime',
    lng,
    () =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: IST,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        numberingSystem: 'latn',
      }),
  ).formatToParts(d);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0) % 24;
  const minute = parts.find((p) => p.type === 'minute')?.value ?? '00';
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  const day = formatDate(d, lng);
  if (lng === 'hi') return `${day}, ${dayPartHi(hour)} ${h12}:${minute} बजे`;
  return `${day}, ${h12}:${minute} ${hour < 12 ? 'am' : 'pm'}`;
}

/** The part of the day a Hindi speaker names before a 12-hour time. */
function dayPartHi(hour: number): string {
  if (hour >= 4 && hour < 12) return 'सुबह';
  if (hour >= 12 && hour < 16) return 'दोपहर';
  if (hour >= 16 && hour < 20) return 'शाम';
  return 'रात';
}
