import { Box, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { displayName, ROLE_LABELS } from '../../../domain';
import { UserAvatar } from '../../layout/userMenu/UserAvatar';
import { useCurrentUser } from '../../routing/useCurrentUser';

const EMPTY = '—';

/** /profile: the current user's fields of §1 (Name, FirstName, LastName, Role, Organization.Name). */
export function ProfilePage() {
  const { user } = useCurrentUser();
  if (!user) return null;
  const name = displayName(user);
  const fields: { label: string; value: string }[] = [
    { label: 'Name', value: user.Name },
    { label: 'First name', value: user.FirstName },
    { label: 'Last name', value: user.LastName },
    { label: 'Role', value: ROLE_LABELS[user.Role] },
    { label: 'Organization', value: user.Organization?.Name ?? '' },
  ];

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 640 }}>
      <Title title="Profile" />
      <Card variant="outlined">
        <CardContent sx={{ p: 3 }}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
            <UserAvatar name={name} image={user.Image} size={56} />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h5" component="h1" noWrap>
                {name}
              </Typography>
              <Typography color="text.secondary" noWrap>
                {user.Email}
              </Typography>
            </Box>
          </Stack>
          <Divider sx={{ mb: 1 }} />
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, columnGap: 2, m: 0 }}>
            {fields.map(({ label, value }) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" color="text.secondary" sx={{ py: 1 }}>
                  {label}
                </Typography>
                <Typography component="dd" sx={{ py: 1, m: 0, fontWeight: 500 }}>
                  {value || EMPTY}
                </Typography>
              </Box>
            ))}
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
