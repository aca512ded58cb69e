import { detectPromptAttack } from '../../server/pipeline/detection/index';

/** The signal families the guard gives as reasons for a prompt ("instruction override", "learned classifier" …). */
export const reasonFamilies = (text: string): string[] => detectPromptAttack(text).reasons.map((reason) => reason.split(':')[0] ?? '');
