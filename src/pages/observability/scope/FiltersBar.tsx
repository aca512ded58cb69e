import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, Box, Checkbox, FormControlLabel, IconButton, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { ALL_LANGUAGE_MODELS_LABEL, DATE_RANGE_LABELS, DATE_RANGES } from '../../../../domain';
import type { DateRange } from '../../../../domain';
import { formatWindow } from './metricsWindow';
import { useObservabilityScope } from './ObservabilityScope';

const ALL_MODELS = 'all';

/** A CUSTOMER_ADMIN belongs to no organization: they choose which of their customer's organizations to look at. */
export function OrganizationPicker() {
  const scope = useObservabilityScope();
  if (!scope.isCustomerAdmin) return null;
  return (
    <TextField
      select
      size="small"
      label="Organization"
      value={scope.tenant?.organizationID ?? ''}
      onChange={(event) => scope.setOrganizationId(event.target.value)}
      fullWidth={false}
      sx={{ width: 240 }}
    >
      {scope.organizations.map((organization) => (
        <MenuItem key={organization.id} value={organization.id}>
          {organization.Name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Red-teaming attacks are left out of the figures unless this is ticked. */
export function IncludeRedTeamControl() {
  const scope = useObservabilityScope();
  return (
    <FormControlLabel
      control={<Checkbox size="small" checked={scope.includeRedTeam} onChange={(event) => scope.setIncludeRedTeam(event.target.checked)} />}
      label="Include red-team prompts"
    />
  );
}

/**
 * The shared filters: organization (CUSTOMER_ADMIN), time window with its dates, the model filter (not for a
 * CUSTOMER_ADMIN, who cannot list an organization's models) and whether red-teaming attacks count.
 */
export function FiltersBar({ showModelFilter = true }: { showModelFilter?: boolean }) {
  const scope = useObservabilityScope();
  return (
    <Stack spacing={1} sx={{ my: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <OrganizationPicker />
        <TextField
          select
          size="small"
          label="Time window"
          value={scope.dateRange}
          onChange={(event) => scope.setDateRange(event.target.value as DateRange)}
          fullWidth={false}
          sx={{ width: 190 }}
        >
          {DATE_RANGES.map((range) => (
            <MenuItem key={range} value={range}>
              {DATE_RANGE_LABELS[range]}
            </MenuItem>
          ))}
        </TextField>
        {showModelFilter && !scope.isCustomerAdmin && (
          <TextField
            select
            size="small"
            label="Language model"
            value={scope.llmID === null ? ALL_MODELS : String(scope.llmID)}
            onChange={(event) => scope.setLlmID(event.target.value === ALL_MODELS ? null : Number(event.target.value))}
            fullWidth={false}
            sx={{ width: 240 }}
          >
            <MenuItem value={ALL_MODELS}>{ALL_LANGUAGE_MODELS_LABEL}</MenuItem>
            {scope.languageModels.map((model) => (
              <MenuItem key={model.id} value={String(model.id)}>
                {model.Name}
              </MenuItem>
            ))}
          </TextField>
        )}
        <IncludeRedTeamControl />
        <Typography variant="body2" color="text.secondary" data-testid="metrics-window">
          {formatWindow(scope.window)}
        </Typography>
        <Tooltip title="Refresh figures">
          <IconButton aria-label="Refresh figures" onClick={scope.refresh} size="small">
            <RefreshIcon />
          </IconButton>
        </Tooltip>
      </Box>
      {scope.tenantError && <Alert severity="error">{scope.tenantError}</Alert>}
      {scope.riskSettingsState === 'ERROR' && (
        <Alert severity="warning">The saved risk settings could not be loaded; risk scores use the default settings.</Alert>
      )}
    </Stack>
  );
}
