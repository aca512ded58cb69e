// Tiny path matcher for the route table: ':name' matches one segment, a trailing '?' makes it optional,
// and a final '*' matches any rest (including nothing).

export function splitPath(path: string): string[] {
  return path.split(/[?#]/)[0]!.split('/').filter(Boolean);
}

export function matchPath(pattern: string, path: string): boolean {
  // The pattern keeps its '?' markers: splitPath would cut them off as if they started a query string.
  const want = pattern.split('/').filter(Boolean);
  const got = splitPath(path);
  let g = 0;
  for (let w = 0; w < want.length; w++) {
    const part = want[w]!;
    if (part === '*') return true;
    const optional = part.endsWith('?');
    const name = optional ? part.slice(0, -1) : part;
    const value = got[g];
    if (value === undefined) {
      if (optional) continue;
      return false;
    }
    if (name.startsWith(':') || name === value) {
      g++;
      continue;
    }
    if (optional) continue;
    return false;
  }
  return g === got.length;
}

/** True when `prefix` is `path` itself or one of its leading segment runs ("/a" prefixes "/a/b", not "/ab"). */
export function isPathPrefix(prefix: string, path: string): boolean {
  const p = splitPath(prefix);
  const q = splitPath(path);
  return p.length <= q.length && p.every((part, i) => part === q[i]);
}
