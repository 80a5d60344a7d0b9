/** The public case page of a case number (served at GET /c/<number>). */
export function casePageUrl(publicUrl: string, caseNumber: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/c/${encodeURIComponent(caseNumber)}`;
}
