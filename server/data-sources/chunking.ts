// Splits a document's text into chunks of at most `maxBytes` UTF-8 bytes on paragraph, line and sentence
// boundaries; a chunk starts with the last sentences of the one before (about an eighth of its size), so that a
// passage cut at a boundary is still found whole in one of the two.

interface Unit {
  text: string;
  /** What joins it to the unit before: a space inside a line, a newline between lines, a blank line between paragraphs. */
  separator: string;
}

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
const SENTENCE_END = /(?<=[.!?。！？])\s+(?=\S)/u;

export function chunkText(text: string, maxBytes: number): string[] {
  const units = splitUnits(text, maxBytes);
  const overlapBytes = Math.floor(maxBytes / 8);
  const chunks: string[] = [];
  let current: Unit[] = [];
  let size = 0;

  for (const unit of units) {
    const added = bytes(unit.separator) + bytes(unit.text);
    if (current.length && size + added > maxBytes) {
      chunks.push(join(current));
      current = overlapOf(current, overlapBytes, maxBytes - bytes(unit.text) - 2);
      size = bytes(join(current));
    }
    size += current.length ? added : bytes(unit.text);
    current.push(unit);
  }
  if (current.length) chunks.push(join(current));
  return chunks;
}

function join(units: Unit[]): string {
  return units.map((unit, index) => (index === 0 ? unit.text : unit.separator + unit.text)).join('');
}

/** The trailing units of a chunk that fit in the overlap budget (and leave room for the next unit). */
function overlapOf(units: Unit[], overlapBytes: number, room: number): Unit[] {
  const budget = Math.min(overlapBytes, room);
  const kept: Unit[] = [];
  let size = 0;
  for (let index = units.length - 1; index >= 0; index -= 1) {
    const unit = units[index]!;
    const added = bytes(unit.text) + bytes(unit.separator);
    if (size + added > budget) break;
    kept.unshift(unit);
    size += added;
  }
  return kept;
}

function splitUnits(text: string, maxBytes: number): Unit[] {
  const units: Unit[] = [];
  const paragraphs = text.replace(/\r\n?/g, '\n').split(/\n[ \t]*\n+/);
  for (const paragraph of paragraphs) {
    let separator = '\n\n';
    for (const line of paragraph.split('\n')) {
      for (const sentence of line.split(SENTENCE_END)) {
        const trimmed = sentence.replace(/\s+/g, ' ').trim();
        if (!trimmed) continue;
        for (const piece of fitToSize(trimmed, maxBytes)) {
          units.push({ text: piece, separator });
          separator = ' ';
        }
      }
      separator = '\n';
    }
  }
  return units;
}

/** A sentence longer than a chunk is cut between words (or, for one huge word, between characters). */
function fitToSize(sentence: string, maxBytes: number): string[] {
  if (bytes(sentence) <= maxBytes) return [sentence];
  const pieces: string[] = [];
  let current = '';
  for (const word of sentence.split(' ')) {
    for (const part of cutWord(word, maxBytes)) {
      const candidate = current ? `${current} ${part}` : part;
      if (bytes(candidate) > maxBytes && current) {
        pieces.push(current);
        current = part;
      } else {
        current = candidate;
      }
    }
  }
  if (current) pieces.push(current);
  return pieces;
}

function cutWord(word: string, maxBytes: number): string[] {
  if (bytes(word) <= maxBytes) return [word];
  const parts: string[] = [];
  let start = 0;
  let size = 0;
  for (let index = 0; index < word.length; ) {
    const code = word.codePointAt(index)!;
    const added = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    if (size + added > maxBytes) {
      parts.push(word.slice(start, index));
      start = index;
      size = 0;
    }
    size += added;
    index += code > 0xffff ? 2 : 1;
  }
  parts.push(word.slice(start));
  return parts;
}
