import { Alert, Box, Link } from '@mui/material';
import { useState } from 'react';
import { Form, TextInput } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { ForgotPasswordRequestSchema, MessageSchema } from '../../../domain';
import { postJson } from '../../../dataProvider/api';
import { errorMessage, fieldErrors } from '../../forms/serverErrors';
import { SubmitButton } from '../../forms/SubmitButton';
import { zodValidator } from '../../forms/zodValidator';
import { AuthPageLayout } from './AuthPageLayout';

const validateRequest = zodValidator(ForgotPasswordRequestSchema);

/** /forgot-password: asks for a reset link. The answer is the same whether or not the account exists. */
export function ForgotPasswordPage() {
  const [answer, setAnswer] = useState<{ severity: 'success' | 'error'; text: string }>();

  const submit = async (values: FieldValues) => {
    setAnswer(undefined);
    try {
      const { message } = await postJson('/auth/forgot-password', { Email: values.Email }, MessageSchema);
      setAnswer({ severity: 'success', text: message });
    } catch (error) {
      setAnswer({ severity: 'error', text: errorMessage(error) });
      return fieldErrors(error);
    }
  };

  return (
    <AuthPageLayout heading="Reset your password" intro="Enter your email and we will send you a link to set a new password.">
      {answer && (
        <Alert severity={answer.severity} sx={{ mb: 2 }}>
          {answer.text}
        </Alert>
      )}
      <Form onSubmit={submit} validate={validateRequest} noValidate>
        <TextInput source="Email" label="Email" type="email" autoComplete="email" autoFocus fullWidth />
        <SubmitButton label="Send reset link" />
      </Form>
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link component={RouterLink} to="/login" variant="body2">
          Back to sign in
        </Link>
      </Box>
    </AuthPageLayout>
  );
}
