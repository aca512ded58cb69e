import { Alert, Button, Card, CardContent, Checkbox, FormControlLabel, FormGroup, FormLabel, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CATEGORY_INFO, INDIRECT_CARRIER_LABELS, INDIRECT_CARRIERS, RED_TEAM_CATEGORIES, RED_TEAM_STRATEGIES, RedTeamJobInputSchema, STRATEGY_LABELS } from '../../../domain';
import type { RedTeamCategory, RedTeamJobInput, RedTeamStrategy } from '../../../domain';
type IndirectCarrier = (typeof INDIRECT_CARRIERS)[number];
import { redTeamJobPath } from './format';
import { createJob, listTargets } from './redTeamApi';

type Errors = Record<string, string>;

function toggle<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
}

/** The form that starts a job: target, categories, strategies, size, concurrency, the target app's system prompt. */
export function CreateJobForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const targets = useQuery({ queryKey: ['red-teaming', 'targets'], queryFn: listTargets });
  const [name, setName] = useState('');
  const [kind, setKind] = useState<'language_model' | 'copilot'>('language_model');
  const [target, setTarget] = useState('');
  const [categories, setCategories] = useState<RedTeamCategory[]>([...RED_TEAM_CATEGORIES]);
  const [strategies, setStrategies] = useState<RedTeamStrategy[]>(['plain', 'base64', 'translation', 'role_play']);
  const [attempts, setAttempts] = useState('8');
  const [concurrency, setConcurrency] = useState('2');
  const [systemPrompt, setSystemPrompt] = useState('');
  const [carrier, setCarrier] = useState<'' | IndirectCarrier>('');
  const [errors, setErrors] = useState<Errors>({});
  const create = useMutation({
    mutationFn: createJob,
    onSuccess: async (job) => {
      await queryClient.invalidateQueries({ queryKey: ['red-teaming', 'jobs'] });
      navigate(redTeamJobPath(job.id));
    },
    onError: (error: Error & { body?: { errors?: Errors; message?: string } }) => setErrors(error.body?.errors ?? { form: error.body?.message ?? error.message ?? 'The job could not start' }),
  });

  const submit = () => {
    const input: RedTeamJobInput = {
      Name: name,
      TargetKind: kind,
      ...(kind === 'language_model' ? { LanguageModelId: target ? Number(target) : null } : { AppId: target || null }),
      Categories: categories,
      Strategies: strategies,
      AttemptsPerCategory: Number(attempts),
      Concurrency: Number(concurrency),
      SystemPrompt: systemPrompt || null,
      IndirectCarrier: carrier || null,
    };
    const parsed = RedTeamJobInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? 'form'), issue.message])));
      return;
    }
    setErrors({});
    create.mutate(input);
  };

  const choices = kind === 'language_model' ? (targets.data?.models ?? []) : (targets.data?.apps ?? []);
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: 2 }}>
          New red-teaming job
        </Typography>
        <Stack spacing={2} sx={{ maxWidth: 720 }}>
          {errors.form && <Alert severity="error">{errors.form}</Alert>}
          <TextField label="Name" value={name} onChange={(event) => setName(event.target.value)} error={!!errors.Name} helperText={errors.Name} required />
          <Stack direction="row" spacing={2}>
            <TextField select label="Target" value={kind} onChange={(event) => { setKind(event.target.value as typeof kind); setTarget(''); }} sx={{ minWidth: 200 }}>
              <MenuItem value="language_model">Language model</MenuItem>
              <MenuItem value="copilot">Copilot</MenuItem>
            </TextField>
            <TextField
              select
              label={kind === 'language_model' ? 'Language model' : 'Copilot'}
              value={target}
              onChange={(event) => setTarget(event.target.value)}
              error={!!(errors.LanguageModelId || errors.AppId)}
              helperText={errors.LanguageModelId ?? errors.AppId ?? 'Policies are applied as you (your groups).'}
              sx={{ minWidth: 280 }}
            >
              {choices.map((choice) => (
                <MenuItem key={String(choice.id)} value={String(choice.id)}>
                  {choice.Name}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <FormGroup aria-label="Categories">
            <FormLabel error={!!errors.Categories}>Categories {errors.Categories ? `— ${errors.Categories}` : ''}</FormLabel>
            {RED_TEAM_CATEGORIES.map((category) => (
              <FormControlLabel
                key={category}
                control={<Checkbox checked={categories.includes(category)} onChange={() => setCategories(toggle(categories, category))} />}
                label={`${CATEGORY_INFO[category].label} (${CATEGORY_INFO[category].owasp.map((item) => item.id).join(', ')})`}
              />
            ))}
          </FormGroup>
          <FormGroup aria-label="Strategies" row>
            <FormLabel error={!!errors.Strategies} sx={{ width: '100%' }}>
              Strategies {errors.Strategies ? `— ${errors.Strategies}` : ''}
            </FormLabel>
            {RED_TEAM_STRATEGIES.map((strategy) => (
              <FormControlLabel key={strategy} control={<Checkbox checked={strategies.includes(strategy)} onChange={() => setStrategies(toggle(strategies, strategy))} />} label={STRATEGY_LABELS[strategy]} />
            ))}
          </FormGroup>
          <Stack direction="row" spacing={2}>
            <TextField label="Attempts per category" type="number" value={attempts} onChange={(event) => setAttempts(event.target.value)} error={!!errors.AttemptsPerCategory} helperText={errors.AttemptsPerCategory} />
            <TextField label="Concurrency" type="number" value={concurrency} onChange={(event) => setConcurrency(event.target.value)} error={!!errors.Concurrency} helperText={errors.Concurrency ?? 'Attempts sent at once (1–8)'} />
          </Stack>
          <TextField label="System prompt of the target app (optional)" value={systemPrompt} onChange={(event) => setSystemPrompt(event.target.value)} multiline minRows={2} />
          <TextField
            select
            label="Indirect injection carrier"
            value={carrier}
            onChange={(event) => setCarrier(event.target.value as '' | IndirectCarrier)}
            helperText="Where indirect-injection attacks sit; automatic: a data-source chunk for a copilot with data sources, else an attached document"
          >
            <MenuItem value="">Automatic</MenuItem>
            {INDIRECT_CARRIERS.map((item) => (
              <MenuItem key={item} value={item}>
                {INDIRECT_CARRIER_LABELS[item]}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction="row">
            <Button variant="contained" onClick={submit} disabled={create.isPending}>
              Start job
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
