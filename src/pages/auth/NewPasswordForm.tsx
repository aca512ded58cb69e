import { Alert } from '@mui/material';
import { useState } from 'react';
import { Form, PasswordInput } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { MessageSchema, NewPasswordSchema } from '../../../domain';
import { postJson } from '../../../dataProvider/api';
import { errorMessage, fieldErrors } from '../../forms/serverErrors';
import { SubmitButton } from '../../forms/SubmitButton';

export const PASSWORDS_DIFFER_MESSAGE = 'The passwords do not match';

export function validateNewPassword(values: FieldValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const password = NewPasswordSchema.safeParse(values.Password ?? '');
  if (!password.success) errors.Password = password.error.issues[0]?.message ?? 'Choose another password';
  if ((values.ConfirmPassword ?? '') !== (values.Password ?? '')) errors.ConfirmPassword = PASSWORDS_DIFFER_MESSAGE;
  return errors;
}

/**
 * Sets a password with a one-time link token (POST /api/v1/auth/reset-password), for a reset as for a new
 * account. The server's message lands on top (a bad or expired link), its field messages on the fields.
 */
export function NewPasswordForm({ token, submitLabel }: { token: string; submitLabel: string }) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string>();

  const submit = async (values: FieldValues) => {
    setFailure(undefined);
    try {
      const { message } = await postJson('/auth/reset-password', { Token: token, Password: values.Password }, MessageSchema);
      // The sign-in page stands outside react-admin (src/Root.tsx): it shows the message it is handed.
      navigate('/login', { replace: true, state: { notice: message } });
    } catch (error) {
      setFailure(errorMessage(error));
      return fieldErrors(error);
    }
  };

  return (
    <>
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      <Form onSubmit={submit} validate={validateNewPassword} noValidate>
        <PasswordInput source="Password" label="New password" autoComplete="new-password" autoFocus fullWidth />
        <PasswordInput source="ConfirmPassword" label="Confirm new password" autoComplete="new-password" fullWidth />
        <SubmitButton label={submitLabel} />
      </Form>
    </>
  );
}
