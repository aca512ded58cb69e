import { Labeled, useRecordContext } from 'react-admin';
import { Typography } from '@mui/material';
import type { User } from '../../domain';
import { formatSignIn } from './userFormat';

export function LastSignIn() {
  const user = useRecordContext<User>();
  if (!user) return null;
  return (
    <Labeled label="Last sign-in" sx={{ mb: 2 }}>
      <Typography>{formatSignIn(user.LastLoginAt)}</Typography>
    </Labeled>
  );
}
