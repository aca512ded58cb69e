// robots.txt (RFC 9309), the part research needs: the groups for our user agent or `*`, Allow/Disallow path
// prefixes (`*` and `$` patterns), the longest match wins, Allow wins a tie. An unreadable or missing file allows all.

export const RESEARCH_USER_AGENT = 'GovernanceConsoleResearch';

interface Rule {
  allow: boolean;
  pattern: string;
}

export interface RobotsRules {
  allows(path: string): boolean;
}

export function parseRobots(text: string, agent = RESEARCH_USER_AGENT): RobotsRules {
  const groups: { agents: string[]; rules: Rule[] }[] = [];
  let current: { agents: string[]; rules: Rule[] } | undefined;
  let lastWasAgent = false;
  for (const raw of text.split(/\r?\n/).slice(0, 5000)) {
    const line = raw.replace(/#.*$/, '').trim();
    const colon = line.indexOf(':');
    if (colon === -1) continue;
    const field = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (field === 'user-agent') {
      if (!current || !lastWasAgent) {
        current = { agents: [], rules: [] };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (!current) continue;
    if (field === 'allow' || field === 'disallow') {
      if (field === 'disallow' && !value) continue;
      current.rules.push({ allow: field === 'allow', pattern: value });
    }
  }
  const own = groups.filter((group) => group.agents.some((name) => name !== '*' && agent.toLowerCase().includes(name)));
  const chosen = own.length ? own : groups.filter((group) => group.agents.includes('*'));
  const rules = chosen.flatMap((group) => group.rules);
  return {
    allows(path) {
      let best: Rule | undefined;
      for (const rule of rules) {
        if (!matches(rule.pattern, path)) continue;
        if (!best || rule.pattern.length > best.pattern.length || (rule.pattern.length === best.pattern.length && rule.allow)) best = rule;
      }
      return best ? best.allow : true;
    },
  };
}

function matches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const parts = (anchored ? pattern.slice(0, -1) : pattern).split('*');
  let at = 0;
  for (const [index, part] of parts.entries()) {
    if (index === 0) {
      if (!path.startsWith(part)) return false;
      at = part.length;
      continue;
    }
    const found = path.indexOf(part, at);
    if (found === -1) return false;
    at = found + part.length;
  }
  return anchored ? at === path.length || (parts.length > 1 && path.endsWith(parts[parts.length - 1]!)) : true;
}
