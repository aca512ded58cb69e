import { Button } from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { PASSWORD_MIN_LENGTH } from '../../../domain';
import { useAppMeta } from '../../startup/AppMetaContext';
import { AuthPageLayout } from './AuthPageLayout';
import { NewPasswordForm } from './NewPasswordForm';

/** /welcome?token=…: a new user sets a first password; without a token, a short welcome. */
export function WelcomePage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const { Title } = useAppMeta();

  if (!token) {
    return (
      <AuthPageLayout heading={`Welcome to ${Title}`} intro="Your account is ready. Sign in to get started.">
        <Button component={RouterLink} to="/login" variant="contained" size="large" fullWidth>
          Sign in
        </Button>
      </AuthPageLayout>
    );
  }
  return (
    <AuthPageLayout
      heading={`Welcome to ${Title}`}
      intro={`Set a password for your new account. Use at least ${PASSWORD_MIN_LENGTH} characters.`}
    >
      <NewPasswordForm token={token} submitLabel="Set password" />
    </AuthPageLayout>
  );
}
