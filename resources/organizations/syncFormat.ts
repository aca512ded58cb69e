import { format } from 'date-fns';

export const formatSyncTime = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format(date, 'MMM d, yyyy, HH:mm');
};
