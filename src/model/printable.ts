/**
 * Keys and members as one visible line of text: the single helper every view uses to show a name
 * that came from Redis or from a person. Redis keys and members are bytes; a page shows text, so
 * what could hide, reorder or break a line is written out instead of obeyed:
 * - control characters (C0, DEL, C1) as `\n`, `\r`, `\t` or `\u{1b}`;
 * - bidi controls (U+061C, U+200E/F, U+202A-202E, U+2066-2069) as `\u{202e}`: shown raw they
 *   reorder the text around them ("Trojan Source");
 * - other invisible format characters (zero-width space, soft hyphen, BOM...), the line and
 *   paragraph separators and lone UTF-16 surrogates as `\u{...}`;
 * - bytes that are not UTF-8 as `\xHH` (printableBytes), as redis-cli's sdscatrepr does.
 * The output never holds a character it would escape, so printable(printable(s)) === printable(s).
 */

import { groupDigits } from './format.ts';

/** Characters that are never shown as they are (see the module comment). */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** The longest member or key a view shows in full (bytes); longer ones are shortened (see printableBytes). */
export const DISPLAY_CAP_BYTES = 4096;

function escapeHidden(text: string): string {
  return text.replace(HIDDEN, (c) => NAMED[c] ?? `\\u{${c.codePointAt(0)!.toString(16)}}`);
}

/** `text` as one visible line: hidden characters escaped, the empty string named by `empty`. */
export function printable(text: string, empty = '(empty)'): string {
  return text === '' ? empty : escapeHidden(text);
}

/** Length of the UTF-8 sequence starting at bytes[i], or 0 when none starts there (RFC 3629: no overlongs, no surrogates, at most U+10FFFF). */
function utf8SequenceLength(bytes: Uint8Array, i: number): number {
  const b0 = bytes[i]!;
  if (b0 < 0x80) return 1;
  const tail = (k: number, lo = 0x80, hi = 0xbf) => i + k < bytes.length && bytes[i + k]! >= lo && bytes[i + k]! <= hi;
  if (b0 >= 0xc2 && b0 <= 0xdf) return tail(1) ? 2 : 0;
  if (b0 >= 0xe0 && b0 <= 0xef) {
    const lo = b0 === 0xe0 ? 0xa0 : 0x80;
    const hi = b0 === 0xed ? 0x9f : 0xbf;
    return tail(1, lo, hi) && tail(2) ? 3 : 0;
  }
  if (b0 >= 0xf0 && b0 <= 0xf4) {
    const lo = b0 === 0xf0 ? 0x90 : 0x80;
    const hi = b0 === 0xf4 ? 0x8f : 0xbf;
    return tail(1, lo, hi) && tail(2) && tail(3) ? 4 : 0;
  }
  return 0;
}

// ignoreBOM: a leading U+FEFF is shown (escaped) like any hidden character, not dropped
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * Bytes from Redis as one visible line: UTF-8 runs as text (hidden characters escaped), every
 * other byte as `\xHH`. `byteLength` is how many bytes Redis holds; when `bytes` is only their
 * start (the bridge cuts members at DISPLAY_CAP_BYTES), the line ends with `… (N bytes)`, and a
 * UTF-8 sequence cut at the end is dropped rather than shown as bad bytes.
 */
export function printableBytes(bytes: Uint8Array, byteLength = bytes.length, empty = '(empty)'): string {
  if (byteLength === 0) return empty;
  const cut = byteLength > bytes.length;
  let out = '';
  let run = 0;
  let i = 0;
  while (i < bytes.length) {
    const n = utf8SequenceLength(bytes, i);
    if (n > 0) {
      i += n;
      continue;
    }
    if (cut && bytes.length - i < 4 && bytes[i]! >= 0xc2 && bytes[i]! <= 0xf4) break; // a character cut by the cap
    out += escapeHidden(utf8.decode(bytes.subarray(run, i))) + `\\x${bytes[i]!.toString(16).padStart(2, '0')}`;
    i++;
    run = i;
  }
  out += escapeHidden(utf8.decode(bytes.subarray(run, i)));
  return cut ? `${out}… (${groupDigits(byteLength)} bytes)` : out;
}

/** Base64 (standard or URL-safe, padding optional) to bytes; null when it is not base64. */
export function bytesFromBase64(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(text) || text.replace(/=+$/, '').length % 4 === 1) return null;
  const standard = text.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const binary = atob(standard + '='.repeat((4 - (standard.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Bytes as URL-safe base64 without padding (what the bridge's ?key= takes). */
export function base64UrlFromBytes(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
