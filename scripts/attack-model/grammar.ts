// A tiny template grammar for generating varied training prompts.
//   {slot}        a random expansion of the named slot
//   [a|b|c]       one of the alternatives (an empty alternative makes the part optional), nestable
//   \[ \] \{        a literal bracket (written '\\[' in a TypeScript string)
export type Slots = Readonly<Record<string, readonly string[]>>;

export class Random {
  private state: number;
  constructor(seed: number) {
    // Scramble the seed (Murmur3's finalizer): xorshift's first outputs from small seeds are nearly alike.
    let h = (seed ^ 0x9e3779b9) >>> 0;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    this.state = (h ^ (h >>> 16)) >>> 0 || 1;
  }
  next(): number {
    // xorshift32
    let x = this.state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.state = x >>> 0;
    return this.state / 4294967296;
  }
  pick<T>(list: readonly T[]): T {
    const item = list[Math.floor(this.next() * list.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

export function expand(template: string, slots: Slots, random: Random, depth = 0): string {
  if (depth > 12) throw new Error(`template nests too deeply: ${template}`);
  let out = '';
  let i = 0;
  while (i < template.length) {
    const ch = template[i];
    if (ch === '\\') {
      out += template[i + 1] ?? '';
      i += 2;
    } else if (ch === '{') {
      const close = template.indexOf('}', i);
      const name = template.slice(i + 1, close);
      const options = slots[name];
      if (!options) throw new Error(`unknown slot {${name}}`);
      out += expand(random.pick(options), slots, random, depth + 1);
      i = close + 1;
    } else if (ch === '[') {
      const close = matchingBracket(template, i);
      out += expand(random.pick(splitTop(template.slice(i + 1, close))), slots, random, depth + 1);
      i = close + 1;
    } else {
      out += ch;
      i++;
    }
  }
  return depth === 0 ? tidy(out) : out;
}

function matchingBracket(text: string, open: number): number {
  let level = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '[') level++;
    else if (text[i] === ']' && --level === 0) return i;
  }
  throw new Error(`unclosed [ in ${text}`);
}

function splitTop(body: string): string[] {
  const parts: string[] = [];
  let level = 0;
  let from = 0;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (ch === '\\') i++;
    else if (ch === '[' || ch === '{') level++;
    else if (ch === ']' || ch === '}') level--;
    else if (ch === '|' && level === 0) {
      parts.push(body.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(body.slice(from));
  return parts;
}

function tidy(text: string): string {
  const spaced = text.replace(/[ \t]+/g, ' ').replace(/ ([,.;:?!])/g, '$1').replace(/^ +| +$/gm, '').trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** Surface variation a real user adds: case, missing punctuation, a stray typo. */
export function roughen(text: string, random: Random): string {
  let out = text;
  const r = random.next();
  if (r < 0.08) out = out.toUpperCase();
  else if (r < 0.2) out = out.toLowerCase();
  if (random.chance(0.15)) out = out.replace(/[.!]$/, '');
  if (random.chance(0.08)) {
    const at = 1 + Math.floor(random.next() * Math.max(1, out.length - 2));
    out = out.slice(0, at) + out.slice(at + 1);
  }
  return out;
}
