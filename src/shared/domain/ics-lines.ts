/**
 * iCalendar content lines (RFC 5545 §3.1), for every .ics Jotlist writes: the task download, the private
 * feed and the CalDAV event. Runs in the browser too, so octets are counted without Buffer.
 */

/** The longest a content line may be, in octets, not counting its CRLF. */
export const maxLineOctets = 75;

/** UTF-8 length of one code point, without encoding it (this runs for every character of a feed). */
const octetsOf = (codePoint: number) =>
  codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;

/**
 * One content line folded: longer than 75 octets, it continues on lines that start with a space, each
 * at most 75 octets with that space. A character is never split, so every line stays valid UTF-8.
 */
export function foldLine(line: string): string {
  // Fewer UTF-16 units than 76 / 3 means at most 75 octets whatever the characters: no need to count.
  if (line.length <= maxLineOctets / 3) return line;
  const parts: string[] = [];
  let start = 0;
  let octets = 0;
  let index = 0;
  while (index < line.length) {
    const codePoint = line.codePointAt(index) ?? 0;
    const size = octetsOf(codePoint);
    // The first line holds 75 octets; each continuation 74 after its leading space.
    if (octets + size > (parts.length === 0 ? maxLineOctets : maxLineOctets - 1)) {
      parts.push(line.slice(start, index));
      start = index;
      octets = 0;
    }
    octets += size;
    index += codePoint > 0xffff ? 2 : 1;
  }
  parts.push(line.slice(start));
  return parts.join('\r\n ');
}

/** A whole iCalendar text, unfolded (a CRLF and one space or tab join lines) and folded again by octets. */
export const refoldIcs = (text: string): string =>
  text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .map(foldLine)
    .join('\r\n');
