/** The prefix of the prefix id style (x<base64url of its UTF-8>). */
import { parseIdPrefix } from '../input.ts';
import { settingKind } from './setting.ts';
import { mapParsed, refuse } from './tokens.ts';

const utf8Encoder = new TextEncoder();
// ignoreBOM: a prefix may start with U+FEFF, and a link gives back what it was given, byte for byte
const utf8Decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of utf8Encoder.encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return utf8Decoder.decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

export const prefix = settingKind({
  kind: 'prefix',
  token: {
    head: 'x',
    encode: (op) => `x${toBase64Url(op.prefix)}`,
    decode(rest) {
      const text = fromBase64Url(rest);
      if (text === null) return refuse('prefix is not base64url UTF-8');
      return mapParsed(parseIdPrefix(text), (value) => ({ kind: 'prefix', prefix: value }));
    },
  },
  fromSettings: (s) => ({ kind: 'prefix', prefix: s.idPrefix }),
  settle: (s, op) => ({ ...s, idPrefix: op.prefix }),
  apply: ({ settings }, op) => (parseIdPrefix(op.prefix).ok ? { ...settings, idPrefix: op.prefix } : null),
  clearsError: true,
  cost: (op, cost) => {
    cost.prefixBytes = utf8Encoder.encode(op.prefix).length;
  },
});
