import { useEffect } from 'react';
import { TextInput } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { GOOGLE_ISSUER } from '../../domain';
import type { IdpPreset } from '../../domain';

/** The issuer URL; the Google Workspace preset fills in Google's issuer and locks it. */
export function IssuerInput() {
  const preset = useWatch({ name: 'Preset' }) as IdpPreset | undefined;
  const { setValue } = useFormContext();
  const isGoogle = preset === 'google';
  useEffect(() => {
    if (isGoogle) setValue('Issuer', GOOGLE_ISSUER, { shouldDirty: true, shouldValidate: true });
  }, [isGoogle, setValue]);
  return (
    <TextInput
      source="Issuer"
      label="Issuer"
      readOnly={isGoogle}
      helperText={isGoogle ? 'Google Workspace always uses https://accounts.google.com.' : 'The provider’s issuer URL, e.g. https://login.example.com'}
      fullWidth
    />
  );
}
