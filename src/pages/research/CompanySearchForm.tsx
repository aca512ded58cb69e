// The company search form of §2.7: Site Link, an OR divider, Name and Location; the search button (75 % width) and
// Cancel, both disabled while loading; validation on submit with the §5 messages; the search button disabled while
// the form is invalid, with the §8 tooltip.
import { Box, Button, Divider, Stack, TextField, Tooltip } from '@mui/material';
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { CompanySearchInput } from '../../../domain';
import { FIX_VALIDATION_TOOLTIP, validateCompanySearch } from '../../../domain';

export interface CompanySearchFormProps {
  searchLabel?: string;
  loading: boolean;
  onSearch(values: Required<CompanySearchInput>): void;
  onCancel(): void;
}

export function CompanySearchForm({ searchLabel = 'Search', loading, onSearch, onCancel }: CompanySearchFormProps) {
  const [values, setValues] = useState<CompanySearchInput>({ siteLink: '', accountName: '', location: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof CompanySearchInput, string>>>({});
  const invalid = Object.keys(errors).length > 0;
  const change = (field: keyof CompanySearchInput) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (invalid) setErrors({});
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateCompanySearch(values);
    setErrors(result.errors);
    if (!Object.keys(result.errors).length) onSearch(result.values);
  };
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Company search">
      <Stack spacing={2}>
        <TextField label="Site Link" type="url" value={values.siteLink} onChange={change('siteLink')} error={Boolean(errors.siteLink)} helperText={errors.siteLink} disabled={loading} fullWidth />
        <Divider>OR</Divider>
        <TextField label="Name" placeholder="Company Name" value={values.accountName} onChange={change('accountName')} error={Boolean(errors.accountName)} helperText={errors.accountName} disabled={loading} fullWidth />
        <TextField label="Location" placeholder="Company Location" value={values.location} onChange={change('location')} disabled={loading} fullWidth />
        <Stack direction="row" spacing={1}>
          <Tooltip title={invalid ? FIX_VALIDATION_TOOLTIP : ''}>
            <Box component="span" sx={{ width: '75%' }}>
              <Button type="submit" variant="contained" fullWidth disabled={loading || invalid}>
                {searchLabel}
              </Button>
            </Box>
          </Tooltip>
          <Button variant="outlined" sx={{ flex: 1 }} disabled={loading} onClick={onCancel}>
            Cancel
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
