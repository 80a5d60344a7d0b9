import { describe, expect, it } from 'vitest';
import { hasOfficialUpi, rupeesParam, upiIntentUri, upiQrPng } from '../../../src/services/upi';

const amer = { upiId: 'amerpound.jaipur@sbi', upiPayeeName: 'Pound Keeper Amer (Govt)', name: 'Amer Pound' };

describe('UPI intent for the pound’s official id', () => {
  it('builds upi://pay with payee, amount in rupees, the case number as note, INR', () => {
    const uri = upiIntentUri(amer, 94050, 'JAI1-2026-1')!;
    const url = new URL(uri);
    expect(url.protocol).toBe('upi:');
    expect(uri.startsWith('upi://pay?')).toBe(true);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      pa: 'amerpound.jaipur@sbi',
      pn: 'Pound Keeper Amer (Govt)',
      am: '940.50',
      tn: 'JAI1-2026-1',
      cu: 'INR',
    });
  });

  it('formats paise as rupees with two decimals without floating point', () => {
    expect(rupeesParam(1)).toBe('0.01');
    expect(rupeesParam(100)).toBe('1.00');
    expect(rupeesParam(123456789)).toBe('1234567.89');
    expect(() => rupeesParam(0)).toThrow();
    expect(() => rupeesParam(10.5)).toThrow();
  });

  it('has no UPI at all when the pound has no well-formed official id (cash only)', () => {
    expect(upiIntentUri({ ...amer, upiId: null }, 100, 'X')).toBeNull();
    expect(upiIntentUri({ ...amer, upiId: 'not a vpa' }, 100, 'X')).toBeNull();
    expect(upiIntentUri({ ...amer, upiId: 'a@b&pa=crook@ybl' }, 100, 'X')).toBeNull();
    expect(hasOfficialUpi(amer)).toBe(true);
  });

  it('falls back to the pound’s name as payee and escapes it', () => {
    const url = new URL(upiIntentUri({ ...amer, upiPayeeName: null, name: 'Chomu & Co Pound' }, 500, 'JAI2-2026-3')!);
    expect(url.searchParams.get('pn')).toBe('Chomu & Co Pound');
  });

  it('renders the QR as a PNG', async () => {
    const png = await upiQrPng(upiIntentUri(amer, 500, 'JAI1-2026-1')!);
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  });
});
