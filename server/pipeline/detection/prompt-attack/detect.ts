import type { PromptAttackResult } from '../types';
import { decodeBase64Runs, normalize, unleet, unspace } from './normalize';
import { ATTACK_SIGNALS, FRAMING, HARM_TOPICS, SENSITIVE, SEVERE_HARM } from './signals';

export const ATTACK_THRESHOLD = 0.45;

interface Hit {
  family: string;
  weight: number;
  evidence: string;
}

export function detectPromptAttack(text: string): PromptAttackResult {
  const normalized = normalize(text);
  const hits = collectHits(normalized, text);
  const variants = obfuscatedVariants(text, normalized);
  for (const { label, body } of variants) {
    for (const hit of collectHits(body, body)) {
      if (hits.some((h) => h.family === hit.family)) continue;
      hits.push({ ...hit, family: `${hit.family} (${label})` });
    }
    hits.push({ family: 'obfuscation', weight: 0.35, evidence: label });
  }
  let miss = 1;
  for (const hit of hits) miss *= 1 - hit.weight;
  const score = round(Math.min(0.99, 1 - miss));
  const reasons = hits.sort((a, b) => b.weight - a.weight).map((h) => `${h.family}: '${h.evidence}'`);
  return { malicious: score >= ATTACK_THRESHOLD, score, reasons };
}

function collectHits(normalized: string, original: string): Hit[] {
  const hits: Hit[] = [];
  const seen = new Set<string>();
  for (const signal of ATTACK_SIGNALS) {
    if (signal.hints && !signal.hints.some((h) => normalized.includes(h))) continue;
    const m = signal.pattern.exec(normalized);
    const key = `${signal.family}|${signal.weight}`;
    if (m && !seen.has(key)) {
      seen.add(key);
      hits.push({ family: signal.family, weight: signal.weight, evidence: clip(m[0]) });
    }
  }
  if (/\bDAN\b|\bDUDE\b|\bSTAN\b|\bAIM\b|\bSDA\b/.test(original) && /\b(?:stands for|as the name suggests|is an? (?:ai|chatbot|model)|named|act (?:just )?like|pretend to be|role of)\b/i.test(original)) {
    hits.push({ family: 'jailbreak persona', weight: 0.8, evidence: clip(/\b(?:DAN|DUDE|STAN|AIM|SDA)\b/.exec(original)?.[0] ?? '') });
  }
  hits.push(...harmfulRequestHits(normalized));
  return hits;
}

/**
 * Role-play, fiction and "for educational purposes" framings are common in benign prompts; the signal is
 * the framing wrapped around a harmful topic.
 */
function harmfulRequestHits(normalized: string): Hit[] {
  const topics: string[] = [];
  let firstTopic = '';
  for (const { category, pattern } of HARM_TOPICS) {
    const m = pattern.exec(normalized);
    if (m) {
      topics.push(category);
      firstTopic ||= m[0];
    }
  }
  const present = (Object.keys(FRAMING) as (keyof typeof FRAMING)[]).filter((k) => FRAMING[k].test(normalized));
  const has = (k: keyof typeof FRAMING) => present.includes(k);
  const sensitive = SENSITIVE.exec(normalized)?.[0];
  const hits: Hit[] = [];
  const severe = SEVERE_HARM.exec(normalized)?.[0];
  if (severe) hits.push({ family: 'severe harm request', weight: 0.45, evidence: clip(severe) });
  const disclaimerKind = has('strongDisclaimer') ? 'strongDisclaimer' : has('disclaimer') ? 'disclaimer' : undefined;
  if (disclaimerKind) {
    const strong = disclaimerKind === 'strongDisclaimer';
    const weight = (strong ? 0.4 : 0.2) + (topics.length > 0 || sensitive ? 0.1 : 0);
    hits.push({ family: 'disclaimer framing', weight, evidence: clip(FRAMING[disclaimerKind].exec(normalized)?.[0] ?? '') });
    if (has('persona') || has('fiction')) hits.push({ family: 'role-play with disclaimer', weight: 0.2, evidence: clip(FRAMING[has('persona') ? 'persona' : 'fiction'].exec(normalized)?.[0] ?? '') });
  }
  if (has('evasion')) hits.push({ family: 'detection evasion', weight: 0.45, evidence: clip(FRAMING.evasion.exec(normalized)?.[0] ?? '') });
  if (topics.length === 0) return hits;
  const framed = (['persona', 'fiction', 'stepByStep'] as const).filter(has);
  const base = topics.length === 1 ? 0.25 : topics.length === 2 ? 0.35 : 0.45;
  const weight = Math.min(0.65, base + 0.12 * framed.length + (sensitive ? 0.1 : 0));
  const framing = framed.length ? ` in ${framed.join('/')} framing` : '';
  hits.push({ family: `harmful request (${topics.slice(0, 3).join(', ')})${framing}`, weight, evidence: clip(firstTopic) });
  return hits;
}

function obfuscatedVariants(text: string, normalized: string): { label: string; body: string }[] {
  const variants: { label: string; body: string }[] = [];
  const deLeet = unleet(normalized);
  if (deLeet !== normalized && hasOverride(deLeet) && !hasOverride(normalized)) variants.push({ label: 'leetspeak', body: deLeet });
  const joined = unspace(normalized);
  if (joined !== normalized && hasOverride(joined) && !hasOverride(normalized)) variants.push({ label: 'spaced-out letters', body: joined });
  for (const decoded of decodeBase64Runs(text)) {
    const body = normalize(decoded);
    if (hasOverride(body)) variants.push({ label: 'base64-encoded', body });
  }
  return variants;
}

function hasOverride(normalized: string): boolean {
  return ATTACK_SIGNALS.some((s) => s.weight >= 0.5 && (!s.hints || s.hints.some((h) => normalized.includes(h))) && s.pattern.test(normalized));
}

function clip(s: string): string {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > 80 ? `${one.slice(0, 77)}...` : one;
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
