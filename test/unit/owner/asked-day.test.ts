import { describe, expect, it } from 'vitest';
import { askedDay, moneyTalk, devanagariKey, latinKey } from '../../../src/services/owner-text';

/** Sunday 29 November 2026, 10:00 in India. */
const NOW = new Date('2026-11-29T10:00:00+05:30');

describe('the day in an owner’s question', () => {
  it.each([
    ['kal aaun to kitna', '2026-11-30'],
    ['कल आऊँ तो कितना लगेगा', '2026-11-30'],
    ['how much tomorrow', '2026-11-30'],
    ['parso kitna hoga', '2026-12-01'],
    ['परसों कितना', '2026-12-01'],
    ['the day after tomorrow how much', '2026-12-01'],
    ['somvar ko kitna', '2026-11-30'],
    ['शुक्रवार को आऊँ तो', '2026-12-04'],
    ['on saturday how much', '2026-12-05'],
    ['next monday', '2026-11-30'],
    ['agle shukravar ko', '2026-12-04'],
    ['agle hafte kitna', '2026-12-06'],
    ['अगले हफ्ते कितना', '2026-12-06'],
    ['in 3 days how much', '2026-12-02'],
    ['teen din baad kitna', '2026-12-02'],
    ['तीन दिन बाद कितना', '2026-12-02'],
    ['5 tarikh ko kitna', '2026-12-05'],
    ['30 तारीख को', '2026-11-30'],
    ['on the 3rd', '2026-12-03'],
    ['5/12 ko kitna', '2026-12-05'],
  ])('%s → %s', (text, date) => {
    expect(askedDay(text, NOW)?.date).toBe(date);
  });

  it('takes the day out of the question, and reads no day where there is none', () => {
    expect(askedDay('kal aaun to kitna lagega', NOW)?.rest).toBe('aaun to kitna lagega');
    for (const text of ['kitna paisa dena hai', 'shani dev ki kasam', 'maine 800 de diye', '27 nov ko pakdi bhains'])
      expect(askedDay(text, NOW), text).toBeNull();
  });
});

describe('money read from the words', () => {
  it.each([
    ['maine paisa de diya', 'paid'],
    ['मैंने फोन पे से भेज दिया', 'paid'],
    ['I already paid 800', 'paid'],
    ['payment done', 'paid'],
    ['fees bhar di hai maine', 'paid'],
    ['मैंने ऑनलाइन भुगतान कर दी', 'paid'],
    ['paisa chala gaya', 'paid'],
    ['paisa kaise bheju', 'pay'],
    ['google pay chalega kya', 'pay'],
    ['नकद दे दूँगा', 'pay'],
    ['can I pay by QR code', 'pay'],
    ['kitna paisa lagega', 'dues'],
    ['how much for my buffalo', 'dues'],
    ['kab tak paisa jama karna hai', 'dues'],
  ])('%s → %s', (text, talk) => {
    expect(moneyTalk(text)).toBe(talk);
  });

  it('leaves "not", days, distances, receipts and the rest to the model', () => {
    for (const text of [
      'paisa nahi diya to kya hoga',
      'kitne din baad nilami hogi',
      'kanji house kitni door hai',
      'paisa de diya rasid kahan hai',
      'kanji house ka phone number',
      'rehne do',
      'payment kar do',
    ])
      expect(moneyTalk(text), text).toBeNull();
  });
});

describe('dialect forms become the standard word', () => {
  it('Rajasthani/Marwari, Haryanvi, Bhojpuri', () => {
    expect(latinKey('mhari bhains kad milsi')).toBe(latinKey('meri bhains kab milega'));
    expect(latinKey('hamar gaiya ke ketna lagi')).toBe(latinKey('mera gaiya ke kitna lagi'));
    expect(latinKey('kitro paiso lagsi')).toBe(latinKey('kitna paisa lagega'));
    expect(devanagariKey('म्हारी भैंस कद मिलसी')).toBe(devanagariKey('मेरी भैंस कब मिलेगा'));
    expect(devanagariKey('कांजी हाउस कठे छै')).toBe(devanagariKey('कांजी हाउस कहां है'));
    expect(devanagariKey('हमार भैंस कहाँ बा')).toBe(devanagariKey('मेरा भैंस कहां है'));
  });

  it('more Marwari, Haryanvi and Bhojpuri forms, and words typed without their vowels', () => {
    expect(latinKey('paisa kiyan bharu')).toBe(latinKey('paisa kaise bharu'));
    expect(latinKey('kyukar chhudaun')).toBe(latinKey('kaise chhudaun'));
    expect(latinKey('hamni paisa de delni')).toBe(latinKey('hum paisa de diya'));
    expect(latinKey('tharo number do hukum')).toBe(latinKey('aapka number do'));
    expect(latinKey('payment kr di h')).toBe(latinKey('payment kar di hai'));
    expect(latinKey('kitna pdega bta do')).toBe(latinKey('kitna padega bata do'));
    expect(devanagariKey('थारो नंबर दो')).toBe(devanagariKey('आपका नंबर दो'));
    expect(devanagariKey('भैंस कहिया मिली')).toBe(devanagariKey('भैंस कब मिली'));
  });

  it('Devanagari reaches the Latin model as it is spoken: no inherent a inside a word', () => {
    expect(latinKey('पैसा जमा करना है')).toBe(latinKey('paisa jama karna hai'));
    expect(latinKey('जानकारी चाहिए')).toBe(latinKey('jankari chahiye'));
    expect(latinKey('गलत पकड़ा')).toBe(latinKey('galat pakda'));
    expect(latinKey('नकद')).toBe('nakad');
  });

  it('the UPI apps by name are one word; "phone pe" is the app only before a paying word', () => {
    for (const text of ['gpay se', 'google pay se', 'phonepe se', 'phone pe se', 'paytm se', 'bhim se'])
      expect(latinKey(text), text).toBe('upi se');
    expect(latinKey('phone pe baat karni hai')).toBe('fone pe bat karni hai');
    expect(devanagariKey('फोन पे से भेज दिया')).toBe('यूपीआई से भेज दिया');
  });
});
