// Agent traffic through the policies. Function-call arguments are JSON: the policies read each string value in
// them (never the JSON syntax), and the arguments are rebuilt with JSON.stringify, so quotes and backslashes in a
// restored or replaced value cannot break the JSON.
//
// - Arguments the model produces (answer side): each string is evaluated by the prompt's policies. A block rule
//   matching withholds the whole answer (the app gets 403, like a blocked prompt); anonymize/redact rules replace
//   what the model wrote itself (a value the app never sent stays a placeholder for the app: it is not restored).
//   Placeholders of values the app sent (the request's vault) are restored, so the app gets its own values back.
// - Arguments the app re-sends (assistant history): anonymized with the request's vault before the model sees them.
// Tool results (tool-role messages) are untrusted context: see the orchestrator (governed like documents).
import type { Policy } from '../../domain/schemas/policies';
import type { ToolCall } from '../models/providers/types';
import { restore } from '../policies/engine';
import type { BlockDecision, Finding, Vault } from '../policies/engine';
import { evaluateTexts } from './off-thread-detection';

/** The string values of a JSON text in document order, and how to rebuild it with new ones. */
export function jsonStrings(text: string): { strings: string[]; rebuild: (replacements: readonly string[]) => string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON (a model's broken arguments): the whole text is one string, put back as it is.
    return { strings: [text], rebuild: (replacements) => replacements[0] ?? text };
  }
  const strings: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === 'string') strings.push(value);
    else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  collect(parsed);
  return {
    strings,
    rebuild(replacements) {
      let next = 0;
      const replace = (value: unknown): unknown => {
        if (typeof value === 'string') return replacements[next++] ?? value;
        if (Array.isArray(value)) return value.map(replace);
        if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replace(item)]));
        return value;
      };
      return JSON.stringify(replace(parsed));
    },
  };
}

/** A JSON text with the vault's placeholders restored inside its strings (invalid JSON: restored as text). */
export function restoreJson(text: string, vault: Vault): string {
  if (!Object.keys(vault).length) return text;
  const { strings, rebuild } = jsonStrings(text);
  const restored = strings.map((value) => restore(value, vault));
  return restored.every((value, index) => value === strings[index]) ? text : rebuild(restored);
}

export interface GovernedToolCall extends ToolCall {
  /** The arguments as the model wrote them (placeholders), for the record. */
  sent: string;
  findings: Finding[];
}

export interface ToolCallGovernance {
  /** `arguments`: what the app receives. */
  calls: GovernedToolCall[];
  blocked: BlockDecision | null;
}

async function evaluateCalls(calls: readonly ToolCall[], policies: readonly Policy[], vault: Vault) {
  const parts = calls.map((call) => jsonStrings(call.arguments));
  const texts = parts.flatMap((part) => part.strings);
  const results = policies.length && texts.length ? await evaluateTexts(texts, policies, vault) : null;
  let at = 0;
  return parts.map((part) => {
    const own = results ? results.slice(at, at + part.strings.length) : [];
    at += part.strings.length;
    return { part, results: own };
  });
}

/** The answer side: the model's function calls through the policies, then the app's own values restored. */
export async function governToolCalls(calls: readonly ToolCall[], policies: readonly Policy[], vault: Vault): Promise<ToolCallGovernance> {
  if (!calls.length) return { calls: [], blocked: null };
  const evaluated = await evaluateCalls(calls, policies, vault);
  let blocked: BlockDecision | null = null;
  const governed = calls.map((call, index) => {
    const { part, results } = evaluated[index]!;
    blocked ??= results.find((result) => result.blocked)?.blocked ?? null;
    const transformed = part.strings.map((value, i) => results[i]?.transformedPrompt ?? value);
    // Only the request's vault: a placeholder the policies gave a value the model produced is not restored.
    const restored = transformed.map((value) => restore(value, vault));
    const changed = restored.some((value, i) => value !== part.strings[i]);
    return { ...call, arguments: changed ? part.rebuild(restored) : call.arguments, sent: call.arguments, findings: results.flatMap((result) => result.findings) };
  });
  return { calls: governed, blocked };
}

/** The request side: function calls the app re-sends in the history, anonymized like the rest of it. */
export async function anonymizeToolCalls(calls: readonly ToolCall[], policies: readonly Policy[], vault: Vault): Promise<{ calls: ToolCall[]; vault: Vault }> {
  if (!calls.length || !policies.length) return { calls: [...calls], vault };
  const evaluated = await evaluateCalls(calls, policies, vault);
  let current = vault;
  const result = calls.map((call, index) => {
    const { part, results } = evaluated[index]!;
    if (results.length) current = results.at(-1)!.vault;
    const transformed = part.strings.map((value, i) => results[i]?.transformedPrompt ?? value);
    return transformed.some((value, i) => value !== part.strings[i]) ? { ...call, arguments: part.rebuild(transformed) } : call;
  });
  return { calls: result, vault: current };
}

/** The names of `names` that `allowed` does not list (null: every name is allowed). */
export function disallowedTools(names: readonly string[], allowed: readonly string[] | null): string[] {
  if (allowed === null) return [];
  return [...new Set(names.filter((name) => !allowed.includes(name)))];
}
