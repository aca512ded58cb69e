import { format } from 'date-fns';
import type { User } from '../../domain';

export const fullName = (user: Pick<User, 'FirstName' | 'LastName'>): string => `${user.FirstName} ${user.LastName}`.trim();

export function formatSignIn(iso: string | null): string {
  if (!iso) return 'Never';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format(date, 'MMM d, yyyy, HH:mm');
}
