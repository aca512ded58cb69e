import { patternProblem, POLICY_PATTERN_FLAGS, PATTERN_PROBLEM_MESSAGES } from '../../../domain/schemas/policy-regex';
import type { PolicyRule } from '../../../domain/schemas/policies';
import { ATTACK_THRESHOLD, HARMFUL_THRESHOLD, detectEntities, detectHarmfulRequest, detectPromptAttack, detectSecrets, ledByPastedDocument } from '../../pipeline/detection';
import type { HarmfulRequestResult, PromptAttackResult } from '../../pipeline/detection';
import type { Detectors, Match } from './types';

const MAX_MATCHES_PER_RULE = 1000;

export const defaultDetectors: Detectors = {
  entities: (text, types) => detectEntities(text, { types }),
  secrets: detectSecrets,
  promptAttack: detectPromptAttack,
  attackThreshold: ATTACK_THRESHOLD,
  harmfulRequest: detectHarmfulRequest,
  harmfulThreshold: HARMFUL_THRESHOLD,
};

export interface RuleMatches {
  matches: Match[];
  note: string | null;
}

/**
 * Runs the detectors of one prompt, each at most once whatever the number of rules that use it: every
 * entity type any rule names is found in one pass, and each rule then takes its own types.
 */
export class PromptScan {
  private entities: Match[] | undefined;
  private secrets: Match[] | undefined;
  private attack: PromptAttackResult | undefined;
  private harmful: HarmfulRequestResult | undefined;

  constructor(
    private readonly prompt: string,
    private readonly detectors: Detectors,
    private readonly entityTypes: readonly string[],
  ) {}

  matchesOf(rule: PolicyRule): RuleMatches {
    switch (rule.Kind) {
      case 'entities': {
        this.entities ??= this.detectors.entities(this.prompt, this.entityTypes).map(toMatch);
        const wanted = new Set<string>(rule.EntityTypes);
        return { matches: this.entities.filter((m) => wanted.has(m.type)), note: null };
      }
      case 'secrets':
        this.secrets ??= this.detectors.secrets(this.prompt).map(toMatch);
        return { matches: this.secrets, note: null };
      case 'keywords':
        return { matches: findAll(this.prompt, keywordPattern(rule.Keywords), topicLabel(rule.Topic)), note: null };
      case 'regex':
        return regexMatches(this.prompt, rule.Pattern, rule.IgnoreCase, rule.Label ?? 'CUSTOM_PATTERN');
      case 'prompt_injection': {
        this.attack ??= this.detectors.promptAttack(this.prompt);
        const threshold = rule.Threshold ?? this.detectors.attackThreshold;
        const score = this.attack.score;
        const evidence = this.attack.reasons.length ? `; signals: ${this.attack.reasons.slice(0, 3).join('; ')}` : '';
        const note = `Attack score ${score.toFixed(2)} ${score >= threshold ? '≥' : '<'} threshold ${threshold.toFixed(2)}${evidence}`;
        if (score < threshold) return { matches: [], note };
        // When the strongest signal was read in a pasted document, the user is told so.
        const inPastedDocument = ledByPastedDocument(this.attack.reasons);
        return { matches: [{ type: 'PROMPT_INJECTION', text: this.prompt, start: 0, end: this.prompt.length, score, ...(inPastedDocument ? { inPastedDocument } : {}) }], note };
      }
      case 'harmful_request': {
        this.harmful ??= this.detectors.harmfulRequest(this.prompt);
        const threshold = rule.Threshold ?? this.detectors.harmfulThreshold;
        const score = this.harmful.score;
        const evidence = this.harmful.reasons.length ? `; signals: ${this.harmful.reasons.slice(0, 3).join('; ')}` : '';
        const note = `Harmful-request score ${score.toFixed(2)} ${score >= threshold ? '≥' : '<'} threshold ${threshold.toFixed(2)}${evidence}`;
        if (score < threshold) return { matches: [], note };
        return { matches: [{ type: 'HARMFUL_REQUEST', text: this.prompt, start: 0, end: this.prompt.length, score }], note };
      }
    }
  }
}

const toMatch = (e: { type: string; text: string; start: number; end: number; score: number }): Match => ({
  type: e.type,
  text: e.text,
  start: e.start,
  end: e.end,
  score: e.score,
});

/** The finding type of a keyword list: its topic as an upper-case label, or KEYWORD. */
export function topicLabel(topic: string | null): string {
  const label = (topic ?? '').toUpperCase().replace(/[^A-Z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  return label && /^[A-Z]/.test(label) ? label : 'KEYWORD';
}

const keywordCache = new Map<string, RegExp>();

/** Whole words, case-insensitive, any run of spaces inside a keyword; longest keywords first. */
function keywordPattern(keywords: readonly string[]): RegExp {
  const key = keywords.join('\u0000');
  let pattern = keywordCache.get(key);
  if (!pattern) {
    const alternatives = [...new Set(keywords.map((k) => k.trim()).filter(Boolean))]
      .sort((a, b) => b.length - a.length)
      .map((k) => k.split(/\s+/).map(escapeRegExp).join('\\s+'));
    pattern = new RegExp(`(?<![\\p{L}\\p{N}_])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}_])`, 'giu');
    remember(keywordCache, key, pattern);
  }
  return pattern;
}

const regexCache = new Map<string, RegExp | string>();

function regexMatches(prompt: string, source: string, ignoreCase: boolean, label: string): RuleMatches {
  const key = `${ignoreCase ? 'i' : '-'}${source}`;
  let compiled = regexCache.get(key);
  if (compiled === undefined) {
    // Stored patterns were checked on save; checked again here in case the safety rules grew stricter since.
    const problem = patternProblem(source, ignoreCase);
    compiled = problem ? `Rule skipped: ${PATTERN_PROBLEM_MESSAGES[problem]}` : new RegExp(source, POLICY_PATTERN_FLAGS + (ignoreCase ? 'i' : ''));
    remember(regexCache, key, compiled);
  }
  if (typeof compiled === 'string') return { matches: [], note: compiled };
  return { matches: findAll(prompt, compiled, label), note: null };
}

function findAll(prompt: string, pattern: RegExp, type: string): Match[] {
  const matches: Match[] = [];
  for (const m of prompt.matchAll(pattern)) {
    if (m[0].length === 0) continue;
    matches.push({ type, text: m[0], start: m.index, end: m.index + m[0].length, score: 1 });
    if (matches.length >= MAX_MATCHES_PER_RULE) break;
  }
  return matches;
}

function remember<V>(cache: Map<string, V>, key: string, value: V): void {
  if (cache.size >= 500) cache.delete(cache.keys().next().value!);
  cache.set(key, value);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
