import { createHash } from 'node:crypto';

/** Verbatim's name space for name-based GUIDs (a fixed random UUID). */
const VERBATIM_NAMESPACE = '6f1c3a52-8d0e-4b7a-9c55-2e4f0a9b7d13';

/**
 * A name-based UUID (RFC 4122 version 5: SHA-1 of a name space and a name) for the parts given, so the same
 * project exports the same GUIDs every time. Parts are JSON-encoded, so ['a,b'] and ['a', 'b'] differ.
 */
export function stableGuid(...parts: ReadonlyArray<string | number>): string {
  const namespace = Buffer.from(VERBATIM_NAMESPACE.replace(/-/g, ''), 'hex');
  const bytes = createHash('sha1').update(namespace).update(JSON.stringify(parts), 'utf8').digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
