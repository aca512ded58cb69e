import type { Vault } from './types';

/** `<TYPE_N>`: the shape of every anonymization placeholder. */
export const PLACEHOLDER_PATTERN = /<[A-Z][A-Z0-9_]*_\d+>/g;

/**
 * Hands out consistent placeholders within one conversation: the same value always gets the same placeholder,
 * and a new value of a type gets the next free number of that type (`<PERSON_1>`, `<PERSON_2>`).
 */
export class PlaceholderVault {
  private readonly entries: Record<string, string>;
  private readonly byValue = new Map<string, string>();

  constructor(vault: Vault = {}) {
    this.entries = { ...vault };
    for (const [placeholder, value] of Object.entries(vault)) this.byValue.set(keyOf(typeOf(placeholder), value), placeholder);
  }

  placeholderFor(type: string, value: string): string {
    const key = keyOf(type, value);
    const known = this.byValue.get(key);
    if (known) return known;
    const placeholder = `<${type}_${this.nextNumber(type)}>`;
    this.entries[placeholder] = value;
    this.byValue.set(key, placeholder);
    return placeholder;
  }

  snapshot(): Vault {
    return { ...this.entries };
  }

  private nextNumber(type: string): number {
    let highest = 0;
    const prefix = `<${type}_`;
    for (const placeholder of Object.keys(this.entries)) {
      if (!placeholder.startsWith(prefix)) continue;
      const n = Number(placeholder.slice(prefix.length, -1));
      if (Number.isInteger(n)) highest = Math.max(highest, n);
    }
    return highest + 1;
  }
}

const typeOf = (placeholder: string) => placeholder.slice(1, placeholder.lastIndexOf('_'));
const keyOf = (type: string, value: string) => `${type}\u0000${value}`;
