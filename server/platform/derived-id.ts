import { createHash } from 'node:crypto';

/**
 * A UUID every node derives alike from the same parts (the first 128 bits of SHA-256 of them, marked as a
 * name-based UUID): for what two nodes must name the same without asking each other, such as an event's default
 * check-in list, made by the hub and by any replica that meets the event before its list.
 */
export function derivedUuid(...parts: readonly string[]): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 32).split('');
  hex[12] = '8';
  hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const text = hex.join('');
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}
