// The shared TLV + CRC-16 module against the reference vectors.
import { describe, expect, it } from 'vitest';
import { checkCrc, crc16, decodeTlv } from '../src/payments/emv-tlv.ts';
import { parsePromptPay, promptPayBillPayload, promptPayPayload } from '../src/payments/promptpay.ts';
import { parseSlipQr, slipQrPayload } from '../src/payments/slip-qr.ts';

describe('PromptPay payloads (DEP-6)', () => {
  it('matches the reference vectors for a mobile, an amount and an e-wallet', () => {
    expect(promptPayPayload({ id: '0801234567' })).toBe(
      '00020101021129370016A000000677010111011300668012345675802TH530376463046197',
    );
    expect(promptPayPayload({ id: '000-000-0000', amount: 4.22 })).toBe(
      '00020101021229370016A000000677010111011300660000000005802TH530376454044.226304E469',
    );
    expect(promptPayPayload({ id: '012345678901234' })).toBe(
      '00020101021129390016A00000067701011103150123456789012345802TH530376463049781',
    );
  });

  it('reads back payloads from other encoders, whatever the tag order', () => {
    expect(
      parsePromptPay('00020101021129370016A0000006770101110113006681222333353037645802TH63041DCF'),
    ).toEqual({ target: '0066812223333' });
    expect(parsePromptPay(promptPayPayload({ id: '0812345678', amount: 1500.5 }))).toEqual({
      target: '0066812345678',
      amount: 1500.5,
    });
  });

  it('writes and reads bill payments (tag 30), the reference vector included', () => {
    const vector =
      '00020101021130620016A000000677010112011301122334455660211CUSTOMER0010306INV00153037645802TH62070703SCB6304780E';
    expect(
      promptPayBillPayload({ billerId: '0112233445566', ref1: 'CUSTOMER001', ref2: 'INV001', ref3: 'SCB' }),
    ).toBe(vector);
    expect(parsePromptPay(vector)).toEqual({ target: '0112233445566', ref1: 'CUSTOMER001', ref2: 'INV001' });
    // Two orders of one amount: the references keep their payloads apart.
    const order = (ref1: string) => promptPayBillPayload({ billerId: '010556123456700', ref1, amount: 140 });
    expect(order('GW1')).not.toBe(order('GW2'));
    expect(parsePromptPay(order('GW1'))).toEqual({ target: '010556123456700', ref1: 'GW1', amount: 140 });
  });

  it('refuses a payload whose CRC does not match', () => {
    const good = promptPayPayload({ id: '0812345678', amount: 100 });
    const tampered = good.replace('100.00', '900.00');
    expect(parsePromptPay(tampered)).toBeUndefined();
  });

  it('pads the CRC to four upper-case hex digits', () => {
    expect(crc16('123456789')).toBe('29B1');
    expect(
      checkCrc('00020101021129370016A000000677010111011300668012345675802TH530376463046197', '63'),
    ).toBeTruthy();
  });
});

describe('slip verification QR (SLIP-1)', () => {
  it('matches the reference vectors', () => {
    expect(slipQrPayload({ sendingBank: '002', transRef: '0002123123121200011' })).toBe(
      '004000060000010103002021900021231231212000115102TH91049C30',
    );
    expect(parseSlipQr('004100060000010103014022000111222233344ABCD125102TH910417DF')).toEqual({
      sendingBank: '014',
      transRef: '00111222233344ABCD12',
    });
  });

  it('refuses a PromptPay QR, a bad CRC and text that is not TLV', () => {
    expect(
      parseSlipQr('00020101021129370016A000000677010111011300668012345675802TH530376463046197'),
    ).toBeUndefined();
    expect(parseSlipQr('004100060000010103014022000111222233344ABCD125102TH910417DE')).toBeUndefined();
    expect(parseSlipQr('hello')).toBeUndefined();
    expect(decodeTlv('0005abc')).toBeUndefined();
  });
});
