import { Alert, Box, Button, Card, CardContent, Checkbox, FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { COPYRIGHT_ACTION_LABELS, CopyrightServiceTestSchema, CopyrightSettingsInputSchema, CopyrightSettingsSchema, VERIFICATION_ACTIONS } from '../../domain';
import type { CopyrightAction, CopyrightServiceTest } from '../../domain';
import { API_BASE, getJson } from '../../dataProvider/api';
import { httpClient } from '../../dataProvider/httpClient';
import { errorMessage, fieldErrors } from '../../src/forms/serverErrors';

const SETTINGS_KEY = ['copyright-settings'];

/** The organization's copyright check: what a match does to the answer, licence checking, the minimum match. */
export function CopyrightSettingsCard() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: SETTINGS_KEY, queryFn: () => getJson('/copyright-settings', CopyrightSettingsSchema) });
  const [action, setAction] = useState<CopyrightAction>('warn_user');
  const [licences, setLicences] = useState(true);
  const [minWords, setMinWords] = useState('20');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [serviceUrl, setServiceUrl] = useState('');
  const [serviceKey, setServiceKey] = useState('');
  const [clearKey, setClearKey] = useState(false);
  const [testing, setTesting] = useState(false);
  const [tested, setTested] = useState<CopyrightServiceTest | null>(null);

  useEffect(() => {
    if (!query.data) return;
    setAction(query.data.Action);
    setLicences(query.data.LicenceCheck);
    setMinWords(String(query.data.MinMatchTokens));
    setServiceUrl(query.data.ServiceUrl ?? '');
    setServiceKey('');
    setClearKey(false);
  }, [query.data]);

  const save = async () => {
    const parsed = CopyrightSettingsInputSchema.safeParse({ Action: action, LicenceCheck: licences, MinMatchTokens: Number(minWords), ServiceUrl: serviceUrl, ServiceApiKey: serviceKey, ClearServiceApiKey: clearKey });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const { json } = await httpClient(`${API_BASE}/copyright-settings`, { method: 'PUT', body: JSON.stringify(parsed.data) });
      queryClient.setQueryData(SETTINGS_KEY, CopyrightSettingsSchema.parse(json));
      notify('Copyright check saved', { type: 'success' });
    } catch (error) {
      setErrors(fieldErrors(error) ?? {});
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const test = async () => {
    setTesting(true);
    setTested(null);
    try {
      const { json } = await httpClient(`${API_BASE}/copyright-settings/test`, { method: 'POST', body: '{}' });
      setTested(CopyrightServiceTestSchema.parse(json));
    } catch (error) {
      setErrors(fieldErrors(error) ?? {});
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setTesting(false);
    }
  };
  const keySet = query.data?.ServiceApiKeySet === true;

  return (
    <Card variant="outlined" sx={{ mb: 2 }} component="section" aria-label="Copyright check">
      <CardContent>
        <Typography variant="h6" component="h2">
          Copyright check
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Every answer is compared with the protected works below and, when licence checking is on, with the common open-source licence texts (GPL, LGPL, AGPL, MPL, Apache, MIT, BSD). The CopyrightCheck feature in System Settings turns the check off altogether.
        </Typography>
        {query.isError && <Alert severity="error">{errorMessage(query.error)}</Alert>}
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
          <TextField
            select
            label="When an answer reproduces a work"
            value={action}
            onChange={(event) => setAction(event.target.value as CopyrightAction)}
            error={Boolean(errors.Action)}
            helperText={errors.Action ?? 'Withholding holds streamed answers back until they are checked.'}
            sx={{ minWidth: 320 }}
            disabled={!query.data}
          >
            {VERIFICATION_ACTIONS.map((value) => (
              <MenuItem key={value} value={value}>
                {COPYRIGHT_ACTION_LABELS[value]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Minimum match (words)"
            type="number"
            value={minWords}
            onChange={(event) => setMinWords(event.target.value)}
            error={Boolean(errors.MinMatchTokens)}
            helperText={errors.MinMatchTokens ?? 'Copied words a passage needs to count (12–500).'}
            slotProps={{ htmlInput: { min: 12, max: 500 } }}
            sx={{ width: 220, flexShrink: 0 }}
            disabled={!query.data}
          />
          <Box sx={{ pt: 1 }}>
            <FormControlLabel control={<Switch checked={licences} onChange={(event) => setLicences(event.target.checked)} disabled={!query.data} />} label="Check licence texts and headers" />
          </Box>
          <Box sx={{ pt: 1 }}>
            <Button variant="contained" onClick={() => void save()} disabled={!query.data || saving}>
              Save
            </Button>
          </Box>
        </Stack>
        <Typography variant="subtitle1" component="h3" sx={{ mt: 3 }}>
          External copyright service
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Optional. Every answer is also sent to this service (POST {'{ apiVersion, answer }'}, answered with {'{ matches: [{ start, end, source, licence?, share? }] }'}); its matches are added to the ones found here. Answers are then checked in the background unless the action withholds them. A failing service never holds an answer back.
        </Typography>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
          <TextField
            label="Service URL"
            value={serviceUrl}
            onChange={(event) => setServiceUrl(event.target.value)}
            error={Boolean(errors.ServiceUrl)}
            helperText={errors.ServiceUrl ?? 'Leave empty for none.'}
            sx={{ minWidth: 320, flexGrow: 1 }}
            disabled={!query.data}
          />
          <TextField
            label="API key"
            type="password"
            autoComplete="new-password"
            value={serviceKey}
            onChange={(event) => setServiceKey(event.target.value)}
            error={Boolean(errors.ServiceApiKey)}
            helperText={errors.ServiceApiKey ?? (keySet ? 'A key is stored; leave empty to keep it.' : 'Sent as a bearer token; stored encrypted.')}
            sx={{ minWidth: 240 }}
            disabled={!query.data}
          />
          {keySet && (
            <Box sx={{ pt: 1 }}>
              <FormControlLabel control={<Checkbox checked={clearKey} onChange={(event) => setClearKey(event.target.checked)} />} label="Remove the stored key" />
            </Box>
          )}
          <Box sx={{ pt: 1 }}>
            <Button variant="outlined" onClick={() => void test()} disabled={!query.data?.ServiceUrl || testing}>
              Test
            </Button>
          </Box>
        </Stack>
        {tested && (
          <Alert severity={tested.Ok ? 'success' : 'error'} sx={{ mt: 2 }} role="status">
            {tested.Message} ({tested.LatencyMs} ms)
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
