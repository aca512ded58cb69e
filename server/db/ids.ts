import { randomBytes } from 'node:crypto';

/** 24 hex characters, like the object ids the metrics API speaks of; unguessable and sortable enough for us. */
export function newId(): string {
  return randomBytes(12).toString('hex');
}

export const now = (): number => Date.now();
