import { Alert, Box, Button, CircularProgress, IconButton, InputAdornment, Link, TextField } from '@mui/material';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { LoginRequestSchema } from '../../../domain';
import { authProvider } from '../../../authProvider/authProvider';
import { errorMessage, fieldErrors } from '../../forms/serverErrors';
import { zodValidator } from '../../forms/zodValidator';
import { AuthPageLayout } from './AuthPageLayout';
import { IdentityProviderButtons } from './IdentityProviderButtons';

const validateLogin = zodValidator(LoginRequestSchema);

type Field = 'Email' | 'Password';

/**
 * /login: email and password (POST /api/v1/auth/login), the identity providers of the address's domain, and the way to
 * a new password. Plain MUI and the router, no react-admin: it is the first page most visitors load (src/Root.tsx).
 */
export function LoginPage() {
  const navigate = useNavigate();
  // A message the previous page hands over, e.g. "your password is set" after a reset.
  const state: unknown = useLocation().state;
  const notice = typeof state === 'object' && state !== null && 'notice' in state && typeof state.notice === 'string' ? state.notice : undefined;
  const [values, setValues] = useState<Record<Field, string>>({ Email: '', Password: '' });
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [showPassword, setShowPassword] = useState(false);

  const change = (field: Field) => (event: { target: { value: string } }) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    // After a first submit the messages follow the typing, as react-admin's forms do.
    if (submitted) setErrors(validateLogin(next));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(undefined);
    const invalid = validateLogin(values);
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) return;
    setBusy(true);
    try {
      // authProvider.login stores the sign-in state before it resolves, so leaving this page right away is safe.
      const { redirectTo } = await authProvider.login(values);
      navigate(redirectTo, { replace: true });
    } catch (error) {
      setFailure(errorMessage(error));
      setErrors(fieldErrors(error) ?? {});
      setBusy(false);
    }
  };

  const fieldProps = (field: Field) => ({
    name: field,
    value: values[field],
    onChange: change(field),
    error: Boolean(errors[field]),
    helperText: errors[field] ?? ' ',
    fullWidth: true,
    margin: 'dense' as const,
    size: 'small' as const,
    slotProps: { inputLabel: { shrink: values[field] !== '' ? true : undefined } },
  });

  return (
    <AuthPageLayout heading="Sign in" intro="Use your work email and password.">
      {notice && !failure && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {notice}
        </Alert>
      )}
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      <Box component="form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField {...fieldProps('Email')} id="login-email" label="Email" type="email" autoComplete="username" autoFocus />
        <TextField
          {...fieldProps('Password')}
          id="login-password"
          label="Password"
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          slotProps={{
            inputLabel: { shrink: values.Password !== '' ? true : undefined },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    aria-label={showPassword ? 'Hide password' : 'Show password'}
                    onClick={() => setShowPassword((shown) => !shown)}
                    size="small"
                  >
                    {showPassword ? <VisibilityOffIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={busy}
          startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
          sx={{ mt: 1 }}
        >
          Sign in
        </Button>
        <Box sx={{ mt: 2, textAlign: 'center' }}>
          <Link component={RouterLink} to="/forgot-password" variant="body2">
            Forgot your password?
          </Link>
        </Box>
        <IdentityProviderButtons email={values.Email} />
      </Box>
    </AuthPageLayout>
  );
}
