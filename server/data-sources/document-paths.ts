/**
 * The folders and name of an uploaded file's relative path ("policies/travel/2026.md", as a folder upload names its
 * files): separators of either kind, no empty, "." or ".." segments, no control characters (PostgreSQL stores no NUL).
 */
export function folderPathOf(path: string): string[] {
  return path
    .split(/[/\\]/)
    .map((segment) => [...segment].filter((character) => !isControl(character)).join('').trim())
    .filter((segment) => segment && segment !== '.' && segment !== '..');
}

const isControl = (character: string) => character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f;
