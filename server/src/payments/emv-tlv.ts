// The EMVCo tag-length-value format shared by Thai QR Payment (PromptPay), the slip-verification
// "mini QR" printed on Thai bank slips and Lao QR: a flat string of 2-digit id, 2-digit length and
// value, some values themselves TLV (templates), with a CRC-16/CCITT-FALSE as the last field.
// server/test/emv.test.ts and lapnet.test.ts hold the test vectors; promptpay.ts, slip-qr.ts, lapnet.ts
// and bcel-oneproof.ts are built on it.

export interface Tlv {
  id: string;
  value: string;
}

/** Encodes fields in the order given. Lengths count characters, as the standard does. */
export function encodeTlv(fields: Tlv[]): string {
  return fields
    .map(({ id, value }) => {
      if (!/^\d{2}$/.test(id)) throw new Error(`TLV id must be two digits: ${id}`);
      if (value.length > 99) throw new Error(`TLV value of ${id} is longer than 99`);
      return `${id}${String(value.length).padStart(2, '0')}${value}`;
    })
    .join('');
}

/** Decodes one level of fields; undefined when the text is not well-formed TLV. */
export function decodeTlv(text: string): Tlv[] | undefined {
  const fields: Tlv[] = [];
  let i = 0;
  while (i < text.length) {
    const id = text.slice(i, i + 2);
    const len = text.slice(i + 2, i + 4);
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(len)) return undefined;
    const end = i + 4 + Number(len);
    if (end > text.length) return undefined;
    fields.push({ id, value: text.slice(i + 4, end) });
    i = end;
  }
  return fields;
}

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final XOR), 4 upper-case hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Appends the CRC field `crcId` (63 for payment QR, 91 for slips), computed over all before it and its own "id04". */
export function withCrc(body: string, crcId: string): string {
  const head = `${body}${crcId}04`;
  return head + crc16(head);
}

/**
 * Checks that the last field is `crcId` with a CRC matching everything before its value, and returns
 * the fields. Some bank apps drop leading zeros of the CRC; those are padded back before comparing.
 */
export function checkCrc(text: string, crcId: string): Tlv[] | undefined {
  const fields = decodeTlv(text);
  const last = fields?.at(-1);
  if (!fields || !last || last.id !== crcId || !/^[0-9A-Fa-f]{1,4}$/.test(last.value)) return undefined;
  const head = text.slice(0, text.length - last.value.length);
  if (!head.endsWith(`${crcId}${String(last.value.length).padStart(2, '0')}`)) return undefined;
  const expected = crc16(`${head.slice(0, -2)}04`);
  return last.value.toUpperCase().padStart(4, '0') === expected ? fields : undefined;
}

export const field = (fields: Tlv[], id: string) => fields.find((f) => f.id === id)?.value;
