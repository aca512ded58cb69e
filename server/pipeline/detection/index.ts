export { detectEntities } from './entities';
export { detectSecrets, SECRET_TYPES, entropy } from './secrets';
export type { SecretType } from './secrets';
export { detectPromptAttack, ATTACK_THRESHOLD } from './prompt-attack/detect';
export { scan } from './scan';
export { passesLuhn, isValidIban, isValidSsn, ipVersion } from './validators';
export { PII_ENTITY_TYPES } from './types';
export type { DetectedEntity, DetectOptions, PromptAttackResult, ScanEntity, ScanResult, PiiEntityType } from './types';
