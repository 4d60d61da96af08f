// Lao QR (LAPNet) on the shared TLV + CRC-16 module. The two vectors were written field by field and
// their CRCs computed with a separate CRC-16/CCITT-FALSE routine.
import { describe, expect, it } from 'vitest';
import { checkCrc, decodeTlv, field } from '../src/payments/emv-tlv.ts';
import { LAPNET_AID, lapnetPayload, parseLapnet } from '../src/payments/lapnet.ts';
import { parsePromptPay, promptPayPayload } from '../src/payments/promptpay.ts';

const merchant = { iin: '12345678', paymentType: '002', merchantId: 'KRAPAO0001', mcc: '5816' };
const VECTOR =
  '00020101021238530016A00526628466257701081234567802030020310KRAPAO00015204581653034185405500005802LA62210117Q0123456789ABCDEF6304FE0C';

describe('[laos-3] Lao QR (LAPNet) payloads', () => {
  it('[laos-3] [DEP-6] a generated Lao QR decodes to tag 38 with the LAPNet AID, 53 = 418, 58 = LA and a valid CRC', () => {
    const payload = lapnetPayload({ ...merchant, amountMinor: 5_000_000n, billNumber: 'Q0123456789ABCDEF' });
    expect(payload).toBe(VECTOR);

    // Read with the bare TLV reader, not the Lao parser: what any EMVCo decoder sees.
    const fields = checkCrc(payload, '63');
    expect(fields).toBeDefined();
    expect(fields!.at(-1)).toEqual({ id: '63', value: 'FE0C' });
    const template = decodeTlv(field(fields!, '38')!)!;
    expect(template).toEqual([
      { id: '00', value: LAPNET_AID },
      { id: '01', value: '12345678' },
      { id: '02', value: '002' },
      { id: '03', value: 'KRAPAO0001' },
    ]);
    expect(field(fields!, '00')).toBe('01');
    expect(field(fields!, '01')).toBe('12');
    expect(field(fields!, '53')).toBe('418');
    expect(field(fields!, '54')).toBe('50000');
    expect(field(fields!, '58')).toBe('LA');
    expect(decodeTlv(field(fields!, '62')!)).toEqual([{ id: '01', value: 'Q0123456789ABCDEF' }]);

    expect(parseLapnet(payload)).toEqual({
      pointOfInitiation: '12',
      ...merchant,
      currency: '418',
      country: 'LA',
      amountMinor: 5_000_000n,
      billNumber: 'Q0123456789ABCDEF',
    });
  });

  it('[laos-3] refuses a payload whose CRC does not match, a truncated one, and a changed amount', () => {
    expect(parseLapnet(VECTOR.replace(/FE0C$/, 'FE0D'))).toBeUndefined();
    expect(parseLapnet(VECTOR.slice(0, -1))).toBeUndefined();
    // Someone raises the amount but cannot recompute the CRC without it showing.
    expect(parseLapnet(VECTOR.replace('540550000', '540590000'))).toBeUndefined();
    expect(parseLapnet('not a qr')).toBeUndefined();
  });

  it('[laos-3] keeps two orders of one amount apart by their bill number, and writes att with two decimals', () => {
    const order = (billNumber: string) =>
      lapnetPayload({ ...merchant, amountMinor: 10_000_000n, billNumber, referenceLabel: 'GW00AA11BB22CC' });
    expect(order('Q1')).not.toBe(order('Q2'));
    expect(parseLapnet(order('Q2'))).toMatchObject({
      amountMinor: 10_000_000n,
      billNumber: 'Q2',
      referenceLabel: 'GW00AA11BB22CC',
    });
    const withAtt = lapnetPayload({ ...merchant, amountMinor: 5_000_050n });
    expect(field(checkCrc(withAtt, '63')!, '54')).toBe('50000.50');
    expect(parseLapnet(withAtt)?.amountMinor).toBe(5_000_050n);
    // No amount: a static QR, the payer types it.
    const fixed = lapnetPayload(merchant);
    expect(field(checkCrc(fixed, '63')!, '01')).toBe('11');
    expect(parseLapnet(fixed)).not.toHaveProperty('amountMinor');
  });

  it('[laos-3] reads another encoder’s layout: 62 before 58 and an expiry written under sub 02', () => {
    // pmoney_qr's field order, with its second sub 02 (an expiry time) after the payment type.
    const other =
      '00020101021238700016A00526628466257701081234567802030020310MERCHANT4202131767225600000520459995303418540612000062090105INV-75802LA6304A25F';
    expect(parseLapnet(other)).toEqual({
      pointOfInitiation: '12',
      iin: '12345678',
      paymentType: '002',
      merchantId: 'MERCHANT42',
      mcc: '5999',
      currency: '418',
      country: 'LA',
      amountMinor: 12_000_000n,
      billNumber: 'INV-7',
    });
  });

  it('[laos-3] a Thai QR is not a Lao one, nor the other way round', () => {
    const thai = promptPayPayload({ id: '0812345678', amount: 100 });
    expect(parseLapnet(thai)).toBeUndefined();
    expect(parsePromptPay(VECTOR)).toBeUndefined();
  });

  it('[laos-3] refuses to write an IIN or MCC of the wrong shape, or an amount of zero', () => {
    expect(() => lapnetPayload({ ...merchant, iin: '1234' })).toThrow(/IIN/);
    expect(() => lapnetPayload({ ...merchant, mcc: '58160' })).toThrow(/MCC/);
    expect(() => lapnetPayload({ ...merchant, amountMinor: 0n })).toThrow(/positive/);
  });
});
