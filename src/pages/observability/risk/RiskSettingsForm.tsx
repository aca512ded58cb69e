import { Alert, Box, Button, Stack, Switch, Table, TableBody, TableCell, TableHead, TableRow, TextField, Tooltip, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { DEFAULT_RISK_SETTINGS, RISK_FACTOR_LABELS, RISK_FACTORS } from '../../../../domain';
import type { RiskSettings } from '../../../../domain';
import { useObservabilityScope } from '../scope/ObservabilityScope';
import { saveRiskSettings } from '../scope/observabilityApi';
import { checkDraft, RANGE_FIELDS, toDraft } from './riskSettingsDraft';
import type { RangeField, RiskSettingsDraft } from './riskSettingsDraft';

const FIELD_LABELS: Record<RangeField, string> = { valueLo: 'Value low', valueHi: 'Value high', scoreLo: 'Score low', scoreHi: 'Score high' };

function serverFieldErrors(error: unknown): Record<string, string> {
  const body = (error as { body?: { errors?: Record<string, string> } } | undefined)?.body;
  return body?.errors ?? {};
}

/** The risk-factor settings of the organization: enabled, value range and score range per factor (§3.5, §9). */
export function RiskSettingsForm({ initial }: { initial: RiskSettings }) {
  const { tenant, isCustomerAdmin } = useObservabilityScope();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<RiskSettingsDraft>(() => toDraft(initial));
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const { settings, errors } = checkDraft(draft);
  const shown = { ...serverErrors, ...errors };

  const change = (factor: keyof RiskSettingsDraft, patch: Partial<RiskSettingsDraft[keyof RiskSettingsDraft]>) => {
    setDraft({ ...draft, [factor]: { ...draft[factor], ...patch } });
    setServerErrors({});
  };

  const save = async () => {
    if (!settings) return;
    setSaving(true);
    try {
      const saved = await saveRiskSettings(isCustomerAdmin ? tenant?.organizationID : undefined, settings);
      setDraft(toDraft(saved));
      notify('Risk settings saved', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['observability', 'risk-settings'] });
    } catch (error) {
      setServerErrors(serverFieldErrors(error));
      notify(error instanceof Error ? error.message : 'The settings could not be saved.', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box component="form" aria-label="Risk factor settings" onSubmit={(event) => { event.preventDefault(); void save(); }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        A factor's value scores from "score low" at "value low" to "score high" at "value high". When score low is above score high, a higher value is
        better (accuracy). Disabled factors do not count toward the final risk score.
      </Typography>
      <Table size="small" aria-label="Risk factors">
        <TableHead>
          <TableRow>
            <TableCell>Factor</TableCell>
            <TableCell>Enabled</TableCell>
            {RANGE_FIELDS.map((field) => (
              <TableCell key={field}>{FIELD_LABELS[field]}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {RISK_FACTORS.map((factor) => (
            <TableRow key={factor}>
              <TableCell>{RISK_FACTOR_LABELS[factor]}</TableCell>
              <TableCell>
                <Switch checked={draft[factor].enabled} onChange={(event) => change(factor, { enabled: event.target.checked })} slotProps={{ input: { 'aria-label': `${RISK_FACTOR_LABELS[factor]} enabled` } }} />
              </TableCell>
              {RANGE_FIELDS.map((field) => {
                const message = shown[`${factor}.${field}`];
                return (
                  <TableCell key={field} sx={{ verticalAlign: 'top' }}>
                    <TextField
                      size="small"
                      hiddenLabel
                      value={draft[factor][field]}
                      onChange={(event) => change(factor, { [field]: event.target.value })}
                      error={Boolean(message)}
                      helperText={message}
                      slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': `${RISK_FACTOR_LABELS[factor]} ${FIELD_LABELS[field].toLowerCase()}` } }}
                      sx={{ width: 120 }}
                    />
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {!settings && <Alert severity="warning" sx={{ mt: 1 }}>Please fix validation errors before submitting.</Alert>}
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Tooltip title={settings ? '' : 'Please fix validation errors before submitting'}>
          <span>
            <Button type="submit" variant="contained" disabled={!settings || saving || !tenant}>
              Save settings
            </Button>
          </span>
        </Tooltip>
        <Button onClick={() => setDraft(toDraft(DEFAULT_RISK_SETTINGS))} disabled={saving}>
          Reset to defaults
        </Button>
      </Stack>
    </Box>
  );
}
