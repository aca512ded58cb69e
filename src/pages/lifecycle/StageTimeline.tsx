import { Box, Paper, Stack, Typography } from '@mui/material';
import type { PromptStage } from '../../../domain';
import { StatusChip } from '../../ui/status/StatusChip';
import { CYCLE_TONES, cycleStatusName, formatLatency, formatTokens, SERVICE_LABELS, serviceStatusLabel } from './lifecycleFormat';
import { StageDetail } from './StageDetail';

const DOT_COLORS: Record<string, string> = { success: 'success.main', error: 'error.main', progress: 'info.main', neutral: 'grey.400', warning: 'warning.main' };

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Typography variant="body2" component="span">
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label}:
      </Box>{' '}
      {value}
    </Typography>
  );
}

function StageItem({ stage, index, last }: { stage: PromptStage; index: number; last: boolean }) {
  const tone = CYCLE_TONES[stage.CycleStatus] ?? 'neutral';
  const name = SERVICE_LABELS[stage.Service];
  return (
    <Box component="li" aria-label={`Stage ${index + 1}: ${name}`} sx={{ display: 'flex', gap: 2, listStyle: 'none' }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', pt: 2 }} aria-hidden>
        <Box sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: DOT_COLORS[tone], flexShrink: 0 }} />
        {!last && <Box sx={{ width: 2, flex: 1, bgcolor: 'divider', mt: 0.5 }} />}
      </Box>
      <Paper variant="outlined" sx={{ flex: 1, minWidth: 0, p: 2, mb: 2 }}>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {index + 1}. {name}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
            {stage.Service}
          </Typography>
          <StatusChip label={cycleStatusName(stage.CycleStatus)} tone={tone} tooltip="Cycle status" />
          <StatusChip label={serviceStatusLabel(stage.ServiceStatus)} tone="neutral" tooltip="Service status" />
        </Stack>
        {stage.Reason && (
          <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
            {stage.Reason}
          </Typography>
        )}
        <Stack direction="row" sx={{ gap: 3, mt: 1, flexWrap: 'wrap' }}>
          <Figure label="Latency" value={formatLatency(stage.LatencyMs)} />
          <Figure label="Tokens" value={formatTokens(stage)} />
        </Stack>
        {stage.Detail && Object.keys(stage.Detail).length > 0 && <StageDetail detail={stage.Detail} />}
      </Paper>
    </Box>
  );
}

/** Every stage of the pipeline, in the order it ran. */
export function StageTimeline({ stages }: { stages: readonly PromptStage[] }) {
  return (
    <Box component="ol" aria-label="Pipeline stages" sx={{ p: 0, m: 0 }}>
      {stages.map((stage, index) => (
        <StageItem key={`${stage.Service}-${index}`} stage={stage} index={index} last={index === stages.length - 1} />
      ))}
    </Box>
  );
}
