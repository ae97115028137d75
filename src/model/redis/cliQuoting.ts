/**
 * How redis-cli quotes a string: sds.c sdscatrepr prints a bulk string between double quotes
 * with its UTF-8 bytes escaped (`\\` `\"` `\n` `\r` `\t` `\a` `\b` `\xHH`), and reads the same
 * escapes back when a quoted argument is typed or piped in. The decoder reads pastes with it; the
 * session export writes with it.
 */

// ignoreBOM: a member whose bytes start with EF BB BF keeps its U+FEFF (the default strips it)
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });
const encoder = new TextEncoder();

/**
 * Inverts sds.c sdscatrepr, which redis-cli uses to print a bulk string between double quotes:
 * `\\` `\"` `\n` `\r` `\t` `\a` `\b` and `\xHH` (one byte). The bytes are read as UTF-8 (an invalid
 * sequence becomes U+FFFD, as any UTF-8 decoder does). `quoted` starts at the opening quote; returns
 * null when the closing quote is missing or followed by more text.
 */
export function unquoteCliString(quoted: string): string | null {
  if (quoted.charCodeAt(0) !== 34) return null;
  const end = quoted.length;
  let hasByteEscape = false;
  let i = 1;
  for (; i < end; i++) {
    const c = quoted.charCodeAt(i);
    if (c === 34) break;
    if (c !== 92) continue;
    if (quoted.charCodeAt(i + 1) === 120) hasByteEscape = true;
    i++;
  }
  if (i >= end || quoted.slice(i + 1).trim() !== '') return null;
  const body = quoted.slice(1, i);
  if (body.indexOf('\\') < 0) return body;
  if (hasByteEscape) return decodeBytes(body);
  let out = '';
  let from = 0;
  for (let j = body.indexOf('\\'); j >= 0; j = body.indexOf('\\', from)) {
    out += body.slice(from, j) + escapeValue(body[j + 1] ?? '');
    from = j + 2;
  }
  return out + body.slice(from);
}

function escapeValue(letter: string): string {
  switch (letter) {
    case 'n':
      return '\n';
    case 'r':
      return '\r';
    case 't':
      return '\t';
    case 'a':
      return '\x07';
    case 'b':
      return '\b';
    default:
      return letter; // \\ and \" (sdscatrepr writes no other escape)
  }
}

/** A quoted body with `\xHH` escapes: collects the bytes, then reads them as UTF-8. */
function decodeBytes(body: string): string {
  const bytes: number[] = [];
  for (let j = 0; j < body.length; j++) {
    const c = body.charCodeAt(j);
    if (c === 92) {
      const letter = body[j + 1] ?? '';
      const hex = letter === 'x' ? body.slice(j + 2, j + 4) : '';
      if (/^[0-9a-fA-F]{2}$/.test(hex)) {
        bytes.push(parseInt(hex, 16));
        j += 3;
      } else {
        bytes.push(escapeValue(letter).charCodeAt(0));
        j++;
      }
    } else if (c < 0x80) {
      bytes.push(c);
    } else {
      // a character typed or pasted as itself: its own UTF-8 bytes
      const codePoint = body.codePointAt(j)!;
      for (const byte of encoder.encode(String.fromCodePoint(codePoint))) bytes.push(byte);
      if (codePoint > 0xffff) j++;
    }
  }
  return utf8.decode(Uint8Array.from(bytes));
}

/**
 * sds.c sdscatrepr: a bulk string as redis-cli's numbered layout prints it, in double quotes with
 * its UTF-8 bytes escaped.
 */
export function quoteCliString(value: string): string {
  let out = '"';
  for (const byte of encoder.encode(value)) {
    switch (byte) {
      case 0x5c:
        out += '\\\\';
        break;
      case 0x22:
        out += '\\"';
        break;
      case 0x0a:
        out += '\\n';
        break;
      case 0x0d:
        out += '\\r';
        break;
      case 0x09:
        out += '\\t';
        break;
      case 0x07:
        out += '\\a';
        break;
      case 0x08:
        out += '\\b';
        break;
      default:
        out += byte >= 0x20 && byte <= 0x7e ? String.fromCharCode(byte) : `\\x${byte.toString(16).padStart(2, '0')}`;
    }
  }
  return `${out}"`;
}
