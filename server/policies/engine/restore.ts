import type { Vault } from './types';
import { PLACEHOLDER_PATTERN } from './vault';

/** Puts the real values back in place of the vault's placeholders; unknown placeholders stay as they are. */
export function restore(text: string, vault: Vault): string {
  return text.replace(PLACEHOLDER_PATTERN, (placeholder) => vault[placeholder] ?? placeholder);
}

export interface StreamingRestorer {
  /** Restored text that is safe to send now; a possible start of a placeholder at the end is held back. */
  push(chunk: string): string;
  /** Whatever is still held back, restored. */
  flush(): string;
}

/**
 * Restores a streamed answer chunk by chunk. A placeholder may be split over chunks ("<PER" + "SON_1>"), so a
 * tail that could still grow into one of the vault's placeholders is kept until the next chunk tells.
 */
export function createStreamingRestorer(vault: Vault): StreamingRestorer {
  const placeholders = Object.keys(vault);
  const longest = placeholders.reduce((max, p) => Math.max(max, p.length), 0);
  let pending = '';
  return {
    push(chunk) {
      pending += chunk;
      const hold = heldBackFrom(pending, placeholders, longest);
      const ready = pending.slice(0, hold);
      pending = pending.slice(hold);
      return restore(ready, vault);
    },
    flush() {
      const rest = restore(pending, vault);
      pending = '';
      return rest;
    },
  };
}

/** Index of the earliest suffix of `text` that is a proper prefix of a placeholder, or text.length. */
function heldBackFrom(text: string, placeholders: readonly string[], longest: number): number {
  for (let i = Math.max(0, text.length - longest + 1); i < text.length; i++) {
    if (text[i] !== '<') continue;
    const tail = text.slice(i);
    if (placeholders.some((p) => p.length > tail.length && p.startsWith(tail))) return i;
  }
  return text.length;
}
