import { Alert, Box, Link } from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { PASSWORD_MIN_LENGTH } from '../../../domain';
import { AuthPageLayout } from './AuthPageLayout';
import { NewPasswordForm } from './NewPasswordForm';

/** /password/reset?token=…: choose a new password from the emailed link. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  return (
    <AuthPageLayout heading="Choose a new password" intro={`Use at least ${PASSWORD_MIN_LENGTH} characters.`}>
      {token ? (
        <NewPasswordForm token={token} submitLabel="Set new password" />
      ) : (
        <Alert severity="warning">This reset link is incomplete. Ask for a new one.</Alert>
      )}
      <Box sx={{ mt: 2, display: 'flex', justifyContent: 'space-between' }}>
        <Link component={RouterLink} to="/forgot-password" variant="body2">
          Ask for a new link
        </Link>
        <Link component={RouterLink} to="/login" variant="body2">
          Back to sign in
        </Link>
      </Box>
    </AuthPageLayout>
  );
}
