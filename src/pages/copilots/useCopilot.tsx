import { Alert, CircularProgress } from '@mui/material';
import type { ReactNode } from 'react';
import { useGetOne } from 'react-admin';
import type { App } from '../../../domain';
import { errorMessage } from '../../forms/serverErrors';

/** The copilot of the URL; `body` is what to show while it loads or when it could not be loaded. */
export function useCopilot(id: string): { app: App | undefined; refetch: () => Promise<unknown>; body: ReactNode } {
  const { data, error, isPending, refetch } = useGetOne<App>('admin/apps', { id }, { retry: false });
  let body: ReactNode = null;
  if (isPending) body = <CircularProgress aria-label="Loading the copilot" sx={{ m: 4 }} />;
  else if (error) body = <Alert severity="error" sx={{ mt: 2 }}>{errorMessage(error, 'The copilot could not be loaded.')}</Alert>;
  return { app: data, refetch, body };
}
