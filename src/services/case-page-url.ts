/**
 * The public case page: what the s. 14 notice makes public about one register entry, readable in any phone
 * browser without Telegram. `publicUrl` is PUBLIC_URL (config.ts strips a trailing slash; tolerated here too),
 * `caseNumber` a register number such as "JAI1-2026-17". The page is served at `GET /c/<number>`
 * (src/http/case-page.ts); the seizure slip's QR and the notice's QR point here when PUBLIC_URL is set.
 */
export function caseUrl(publicUrl: string, caseNumber: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/c/${encodeURIComponent(caseNumber)}`;
}
