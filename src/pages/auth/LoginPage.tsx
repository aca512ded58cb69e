import { Alert, Box, Link } from '@mui/material';
import { useState } from 'react';
import { Form, PasswordInput, TextInput, useLogin } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { LoginRequestSchema } from '../../../domain';
import { errorMessage, fieldErrors } from '../../forms/serverErrors';
import { SubmitButton } from '../../forms/SubmitButton';
import { zodValidator } from '../../forms/zodValidator';
import { AuthPageLayout } from './AuthPageLayout';
import { IdentityProviderButtons } from './IdentityProviderButtons';

const validateLogin = zodValidator(LoginRequestSchema);

/** /login: email and password (POST /api/v1/auth/login), the identity providers of the address's domain, and the way to a new password. */
export function LoginPage() {
  const login = useLogin();
  const [failure, setFailure] = useState<string>();

  const submit = async (values: FieldValues) => {
    setFailure(undefined);
    try {
      // On success react-admin goes to /, where the root redirect picks the home page of the role.
      await login({ Email: values.Email, Password: values.Password });
    } catch (error) {
      setFailure(errorMessage(error));
      return fieldErrors(error);
    }
  };

  return (
    <AuthPageLayout heading="Sign in" intro="Use your work email and password.">
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      <Form onSubmit={submit} validate={validateLogin} noValidate>
        <TextInput source="Email" label="Email" type="email" autoComplete="username" autoFocus fullWidth />
        <PasswordInput source="Password" label="Password" autoComplete="current-password" fullWidth />
        <SubmitButton label="Sign in" />
        <Box sx={{ mt: 2, textAlign: 'center' }}>
          <Link component={RouterLink} to="/forgot-password" variant="body2">
            Forgot your password?
          </Link>
        </Box>
        <IdentityProviderButtons />
      </Form>
    </AuthPageLayout>
  );
}
