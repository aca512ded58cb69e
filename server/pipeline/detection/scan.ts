import { detectEntities } from './entities';
import { detectPromptAttack } from './prompt-attack/detect';
import type { TextSource } from './prompt-attack/detect';
import type { ScanResult } from './types';

/**
 * Prompt-attack verdict plus PII entities with the default configuration (secrets are not included). `source` 'data'
 * reads the text as a document, a retrieved chunk or a tool result is read (see TextSource).
 */
export function scan(text: string, source: TextSource = 'prompt'): ScanResult {
  const attack = detectPromptAttack(text, undefined, source);
  const entities = detectEntities(text).map(({ type, start, end, score }) => ({ type, start, end, score: Math.round(score * 100) / 100 }));
  return { malicious: attack.malicious, score: attack.score, entities };
}
