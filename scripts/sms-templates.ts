// Prints the SMS texts to register on the TRAI DLT portal, one per event and language, with PUBLIC_URL written
// out, and the SMS_DLT_TEMPLATE_IDS line to fill in with the ids the portal gives.
// Usage: PUBLIC_URL=https://kanji.example.gov.in npm run sms:templates
import { registeredText, SMS_EVENTS, smsTemplates } from '../src/services/sms';

const publicUrl = (process.env.PUBLIC_URL ?? '').replace(/\/+$/, '');
if (!/^https?:\/\//.test(publicUrl)) {
  console.error('set PUBLIC_URL (the address the SMS links point to), e.g. PUBLIC_URL=https://kanji.example.gov.in');
  process.exit(2);
}
const keys: string[] = [];
for (const event of SMS_EVENTS) {
  const vars = smsTemplates()
    [event].vars.map((v) => `${v.name} (≤ ${v.max})`)
    .join(', ');
  for (const lang of ['hi', 'en'] as const) {
    keys.push(`${event}.${lang}=<id>`);
    console.log(`${event}.${lang}  [${lang === 'hi' ? 'Unicode' : 'plain text'}; {#var#} = ${vars}]`);
    console.log(`  ${registeredText(event, lang, publicUrl)}\n`);
  }
}
console.log(`SMS_DLT_TEMPLATE_IDS=${keys.join(',')}`);
