// The organization's underwriting guidelines (issue 11: "a list an ORG_ADMIN edits"), evaluated by the guidelines
// section of every search: the list with each rule in words, and a form to add or change one (name, rule, enabled).
// The server checks the rule again and answers per field; its messages are shown as they come.
import { Alert, Box, Button, FormControlLabel, LinearProgress, MenuItem, Stack, Switch, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { Guideline, GuidelineRule } from '../../../domain/schemas/research-search';
import { GUIDELINE_RULE_KINDS } from '../../../domain/schemas/research-search';
import { deleteGuideline, listGuidelines, saveGuideline } from '../../../dataProvider/researchClient';
import { errorMessage, fieldErrors } from '../../forms/serverErrors';

type RuleKind = (typeof GUIDELINE_RULE_KINDS)[number];

export const RULE_KIND_LABELS: Record<RuleKind, string> = {
  finding_not_fail: 'Scan check must not fail',
  finding_pass: 'Scan check must pass',
  control_met: 'Control must be met',
  naics_exclude: 'Excluded NAICS codes',
  revenue_max: 'Maximum revenue (USD)',
  employees_min: 'Minimum employees',
};

/** The rule in words, for the list. */
export function describeRule(rule: GuidelineRule): string {
  switch (rule.Kind) {
    case 'finding_not_fail':
    case 'finding_pass':
      return `${RULE_KIND_LABELS[rule.Kind]}: ${rule.Check}`;
    case 'control_met':
      return `${RULE_KIND_LABELS[rule.Kind]}: ${rule.Category}`;
    case 'naics_exclude':
      return `${RULE_KIND_LABELS[rule.Kind]}: ${rule.Prefixes.join(', ')}`;
    default:
      return `${RULE_KIND_LABELS[rule.Kind]}: ${rule.Value.toLocaleString('en-US')}`;
  }
}

interface Draft {
  id: string | null;
  name: string;
  enabled: boolean;
  kind: RuleKind;
  /** The rule's one value as typed: a check id, a category, comma-separated prefixes or a number. */
  value: string;
}

const valueOf = (rule: GuidelineRule): string =>
  rule.Kind === 'finding_not_fail' || rule.Kind === 'finding_pass' ? rule.Check : rule.Kind === 'control_met' ? rule.Category : rule.Kind === 'naics_exclude' ? rule.Prefixes.join(', ') : String(rule.Value);

function ruleOf(draft: Draft): GuidelineRule {
  const value = draft.value.trim();
  switch (draft.kind) {
    case 'finding_not_fail':
    case 'finding_pass':
      return { Kind: draft.kind, Check: value };
    case 'control_met':
      return { Kind: draft.kind, Category: value };
    case 'naics_exclude':
      return { Kind: draft.kind, Prefixes: value.split(/[\s,]+/).filter(Boolean) };
    default:
      return { Kind: draft.kind, Value: Number(value) };
  }
}

const VALUE_LABELS: Record<RuleKind, string> = {
  finding_not_fail: 'Check (e.g. email.dmarc)',
  finding_pass: 'Check (e.g. tls.legacy_protocols)',
  control_met: 'Control category (e.g. email_security)',
  naics_exclude: 'NAICS codes or prefixes, comma-separated',
  revenue_max: 'Revenue (USD)',
  employees_min: 'Employees',
};

export function GuidelinesEditor() {
  const client = useQueryClient();
  const list = useQuery({ queryKey: ['research', 'guidelines'], queryFn: ({ signal }) => listGuidelines(signal) });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);

  const open = (guideline: Guideline | null) => {
    setError(null);
    setDraft(guideline ? { id: guideline.id, name: guideline.Name, enabled: guideline.Enabled, kind: guideline.Rule.Kind, value: valueOf(guideline.Rule) } : { id: null, name: '', enabled: true, kind: 'finding_not_fail', value: '' });
  };
  const run = async (work: () => Promise<unknown>) => {
    setSaving(true);
    setError(null);
    try {
      await work();
      await client.invalidateQueries({ queryKey: ['research', 'guidelines'] });
      setDraft(null);
    } catch (failure) {
      setError({ message: errorMessage(failure, 'The guideline could not be saved.'), fields: fieldErrors(failure) ?? {} });
    } finally {
      setSaving(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft) void run(() => saveGuideline(draft.id, { Name: draft.name, Enabled: draft.enabled, Rule: ruleOf(draft) }));
  };
  const ruleError = error ? Object.entries(error.fields).find(([field]) => field.startsWith('Rule'))?.[1] : undefined;

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        Every search checks the company against the enabled guidelines: pass, fail or unknown, each with its reason.
      </Typography>
      {list.isPending ? <LinearProgress aria-label="Guidelines loading" /> : list.isError ? <Alert severity="error">{list.error.message}</Alert> : (
        <Table size="small" aria-label="Underwriting guidelines">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell><TableCell>Rule</TableCell><TableCell>Enabled</TableCell><TableCell><Box component="span" sx={visuallyHidden}>Actions</Box></TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.data.map((guideline) => (
              <TableRow key={guideline.id}>
                <TableCell>{guideline.Name}</TableCell>
                <TableCell>{describeRule(guideline.Rule)}</TableCell>
                <TableCell>{guideline.Enabled ? 'Yes' : 'No'}</TableCell>
                <TableCell align="right">
                  <Button size="small" onClick={() => open(guideline)} aria-label={`Edit ${guideline.Name}`}>Edit</Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {draft ? (
        <Box component="form" noValidate onSubmit={submit} aria-label={draft.id ? 'Edit guideline' : 'Add guideline'}>
          <Stack spacing={2}>
            <Typography variant="h6" component="h3">{draft.id ? 'Edit guideline' : 'Add guideline'}</Typography>
            <TextField label="Name" required value={draft.name} onChange={(event) => setDraft({ ...draft, name: event.target.value })} error={Boolean(error?.fields.Name)} helperText={error?.fields.Name} disabled={saving} fullWidth />
            <TextField select label="Rule" value={draft.kind} onChange={(event) => setDraft({ ...draft, kind: event.target.value as RuleKind, value: '' })} disabled={saving} fullWidth>
              {GUIDELINE_RULE_KINDS.map((kind) => <MenuItem key={kind} value={kind}>{RULE_KIND_LABELS[kind]}</MenuItem>)}
            </TextField>
            <TextField label={VALUE_LABELS[draft.kind]} required value={draft.value} onChange={(event) => setDraft({ ...draft, value: event.target.value })} error={Boolean(ruleError)} helperText={ruleError} disabled={saving} fullWidth />
            <FormControlLabel control={<Switch checked={draft.enabled} onChange={(event) => setDraft({ ...draft, enabled: event.target.checked })} disabled={saving} />} label="Enabled" />
            {error ? <Alert severity="error">{error.message}</Alert> : null}
            <Stack direction="row" spacing={1}>
              <Button type="submit" variant="contained" disabled={saving}>Save</Button>
              {draft.id ? <Button color="error" disabled={saving} onClick={() => void run(() => deleteGuideline(draft.id!))}>Delete</Button> : null}
              <Button disabled={saving} onClick={() => setDraft(null)}>Cancel</Button>
            </Stack>
          </Stack>
        </Box>
      ) : (
        <Box>
          <Button variant="outlined" onClick={() => open(null)}>Add guideline</Button>
        </Box>
      )}
    </Stack>
  );
}

const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;
