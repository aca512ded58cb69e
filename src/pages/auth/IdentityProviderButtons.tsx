import LoginIcon from '@mui/icons-material/Login';
import { Button, Divider, Stack } from '@mui/material';
import { useConfiguredIdentityProviders } from './useConfiguredIdentityProviders';

/**
 * Inside the sign-in form: one button per identity provider of the typed address's domain; each is a full navigation
 * to the provider's sign-in.
 */
export function IdentityProviderButtons({ email }: { email: string }) {
  const providers = useConfiguredIdentityProviders(email);
  if (providers.length === 0) return null;
  return (
    <>
      <Divider sx={{ my: 3, color: 'text.secondary', typography: 'body2' }}>or</Divider>
      <Stack spacing={1}>
        {providers.map((provider) => (
          <Button key={provider.id} variant="outlined" href={provider.LoginUrl} startIcon={<LoginIcon />} fullWidth>
            Sign in with {provider.Name}
          </Button>
        ))}
      </Stack>
    </>
  );
}
