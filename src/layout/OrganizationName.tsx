import { Typography } from '@mui/material';
import { useCurrentUser } from '../routing/useCurrentUser';
import { useAppMeta } from '../startup/AppMetaContext';
import { organizationLabel } from './organizationLabel';

export function OrganizationName() {
  const { user } = useCurrentUser();
  const { Title } = useAppMeta();
  return (
    <Typography variant="h6" component="div" noWrap data-testid="organization-name" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
      {organizationLabel(user, Title)}
    </Typography>
  );
}
