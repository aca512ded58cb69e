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
  /** The highest number in use per type, so a new value does not read every entry (thousands of names stay linear). */
  private readonly highest = new Map<string, number>();

  constructor(vault: Vault = {}) {
    this.entries = { ...vault };
    for (const [placeholder, value] of Object.entries(vault)) {
      const type = typeOf(placeholder);
      this.byValue.set(keyOf(type, value), placeholder);
      const n = Number(placeholder.slice(type.length + 2, -1));
      if (Number.isInteger(n)) this.highest.set(type, Math.max(this.highest.get(type) ?? 0, n));
    }
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
    const next = (this.highest.get(type) ?? 0) + 1;
    this.highest.set(type, next);
    return next;
  }
}

const typeOf = (placeholder: string) => placeholder.slice(1, placeholder.lastIndexOf('_'));
const keyOf = (type: string, value: string) => `${type}\u0000${value}`;
