// Licence texts and licence headers of code: the full texts of the common licences from the SPDX licence list
// (`spdx-license-list`, CC0-1.0), indexed once per process, and `SPDX-License-Identifier:` tags. The GPL, LGPL,
// AGPL and Apache texts end with the header their authors put at the top of each file ("This program is free
// software: you can redistribute it …"), so an answer reproducing that header matches its licence.
import { createRequire } from 'node:module';
import { FingerprintIndex } from './fingerprint-index';

/** The licences indexed: the copyleft families (whose code carries obligations) and the common permissive ones. */
export const INDEXED_LICENCES = [
  'GPL-2.0-or-later',
  'GPL-3.0-or-later',
  'LGPL-2.1-or-later',
  'LGPL-3.0-or-later',
  'AGPL-3.0-or-later',
  'MPL-2.0',
  'Apache-2.0',
  'EPL-2.0',
  'MIT',
  'BSD-2-Clause',
  'BSD-3-Clause',
] as const;

/** Licences whose terms bind code copied from a work under them (reported as copyleft). */
export const COPYLEFT_LICENCES: ReadonlySet<string> = new Set(['GPL-2.0-or-later', 'GPL-3.0-or-later', 'LGPL-2.1-or-later', 'LGPL-3.0-or-later', 'AGPL-3.0-or-later', 'MPL-2.0', 'EPL-2.0']);

interface SpdxLicence {
  name: string;
  licenseText: string;
}

const require = createRequire(import.meta.url);
let licenceIndex: FingerprintIndex | null = null;
const licenceNames = new Map<string, string>();

export function licenceText(id: string): SpdxLicence {
  return require(`spdx-license-list/licenses/${id}.json`) as SpdxLicence;
}

/** The licence texts' index, built at first use (about 150 KB of text). */
export function licenceIndexOf(): FingerprintIndex {
  if (licenceIndex) return licenceIndex;
  const index = new FingerprintIndex();
  for (const id of INDEXED_LICENCES) {
    const licence = licenceText(id);
    licenceNames.set(id, licence.name);
    index.add(id, licence.name, licence.licenseText);
  }
  licenceIndex = index;
  return index;
}

export function licenceName(id: string): string {
  licenceIndexOf();
  return licenceNames.get(id) ?? id;
}

export interface LicenceTag {
  licenceId: string;
  start: number;
  end: number;
}

const TAG = /SPDX-License-Identifier:[ \t]*([A-Za-z0-9.+\-() ]+?)[ \t]*(?:\*\/|-->|$)/gm;

/** `SPDX-License-Identifier: GPL-2.0-only` lines: the licence expression each names. */
export function licenceTags(text: string): LicenceTag[] {
  const tags: LicenceTag[] = [];
  for (const match of text.matchAll(TAG)) {
    const expression = match[1]!.trim();
    if (!expression) continue;
    tags.push({ licenceId: expression, start: match.index, end: match.index + match[0].trimEnd().length });
  }
  return tags;
}

/** Whether an SPDX expression names a copyleft licence (GPL, LGPL, AGPL, MPL, EPL in any version). */
export function isCopyleftExpression(expression: string): boolean {
  return /\b(A?GPL|LGPL|MPL|EPL)-/i.test(expression);
}
