// HTML to text without running or rendering anything: scripts, styles and templates are dropped, tags removed,
// entities decoded, whitespace collapsed. Linear-time scans (no backtracking patterns on page-sized input).
// The schema.org JSON-LD blocks are read apart, as data. Entities are decoded as in data-source files.
import { decodeEntities } from '../../data-sources/html-entities';

const DROPPED = ['script', 'style', 'noscript', 'template', 'svg', 'iframe', 'object'];
const BLOCK = /^(p|div|br|li|ul|ol|h[1-6]|section|article|header|footer|tr|td|th|table|main|nav|blockquote|dd|dt)$/i;

export interface HtmlDocument {
  title: string;
  text: string;
  /** Parsed JSON-LD objects (flattened @graph), as found. */
  jsonLd: unknown[];
}

export function htmlToText(html: string): HtmlDocument {
  const jsonLd: unknown[] = [];
  const out: string[] = [];
  let title = '';
  let index = 0;
  const lower = html.toLowerCase();
  while (index < html.length) {
    const open = html.indexOf('<', index);
    if (open === -1) {
      out.push(html.slice(index));
      break;
    }
    out.push(html.slice(index, open));
    if (lower.startsWith('<!--', open)) {
      const end = lower.indexOf('-->', open + 4);
      index = end === -1 ? html.length : end + 3;
      continue;
    }
    const close = html.indexOf('>', open + 1);
    if (close === -1) break;
    const tag = html.slice(open + 1, close);
    const name = /^\/?\s*([a-zA-Z][a-zA-Z0-9-]*)/.exec(tag)?.[1]?.toLowerCase() ?? '';
    index = close + 1;
    if (!tag.startsWith('/') && (DROPPED.includes(name) || name === 'title')) {
      const end = lower.indexOf(`</${name}`, index);
      const inner = html.slice(index, end === -1 ? html.length : end);
      if (name === 'title') title = collapse(decodeEntities(inner));
      if (name === 'script' && /type\s*=\s*["']?application\/ld\+json/i.test(tag)) jsonLd.push(...parseJsonLd(inner));
      const after = end === -1 ? -1 : html.indexOf('>', end);
      index = after === -1 ? html.length : after + 1;
      continue;
    }
    if (BLOCK.test(name)) out.push('\n');
  }
  const text = decodeEntities(out.join(''))
    .split('\n')
    .map(collapse)
    .filter(Boolean)
    .join('\n');
  return { title, text, jsonLd };
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function parseJsonLd(raw: string): unknown[] {
  try {
    const value = JSON.parse(raw) as unknown;
    const list = Array.isArray(value) ? value : [value];
    return list.flatMap((item) => (item && typeof item === 'object' && Array.isArray((item as { '@graph'?: unknown })['@graph']) ? ((item as { '@graph': unknown[] })['@graph']) : [item]));
  } catch {
    return [];
  }
}
