import { detectEntities } from './entities';
import { detectPromptAttack } from './prompt-attack/detect';
import type { ScanResult } from './types';

/** Prompt-attack verdict plus PII entities with the default configuration (secrets are not included). */
export function scan(text: string): ScanResult {
  const attack = detectPromptAttack(text);
  const entities = detectEntities(text).map(({ type, start, end, score }) => ({ type, start, end, score: Math.round(score * 100) / 100 }));
  return { malicious: attack.malicious, score: attack.score, entities };
}
