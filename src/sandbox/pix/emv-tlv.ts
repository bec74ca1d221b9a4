/**
 * The two primitives of an EMV QRCPS-MPM payload (the Pix BR Code, docs/pix.md#the-br-code):
 * an ID-length-value field and the CRC16 that closes the payload. Written here rather than taken
 * from a package: each is a few lines, the npm packages that do them bundle a whole BR Code
 * builder with its own field rules (and most compute the CRC over the wrong bytes or pad it
 * wrongly), and the sandbox must decide those rules itself.
 */

/** One field: a two-digit id, a two-digit length in characters, the value (at most 99 characters). */
export function tlv(id: string, value: string): string {
  if (!/^\d{2}$/.test(id)) throw new RangeError(`EMV field id must be two digits: ${id}`);
  if (value.length > 99) throw new RangeError(`EMV field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/**
 * CRC-16/CCITT-FALSE (polynomial 0x1021, initial value 0xFFFF, no reflection, no final XOR) of
 * `text`'s bytes, as four upper-case hexadecimal digits: the value of field 63, computed over the
 * whole payload up to and including `6304`.
 */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}
