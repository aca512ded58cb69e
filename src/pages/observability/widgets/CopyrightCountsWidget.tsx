import { Box, Typography } from '@mui/material';
import { select } from '../../../../dataProvider/metricsQueries';
import type { Count } from '../../../../domain/schemas/metrics-types';
import { COPYRIGHT_COUNT_FIELDS } from '../../../../domain';
import { useMetrics } from '../scope/useMetrics';
import { WidgetCard } from './WidgetCard';

export const COPYRIGHT_COUNT_LABELS = {
  copyrightMatches: 'Copyright matches',
  copyrightMatchedPrompts: 'Answers with a match',
  copyrightWithheldPrompts: 'Answers withheld',
} as const satisfies Record<(typeof COPYRIGHT_COUNT_FIELDS)[number], string>;

const COUNTS = select(COPYRIGHT_COUNT_FIELDS, 'count');
export const COPYRIGHT_COUNTS_SELECTION = `master { total { ${COUNTS} } }`;

type CopyrightValues = Record<(typeof COPYRIGHT_COUNT_FIELDS)[number], Count>;

/** The copyright check's figures of the window: passages matched, answers with a match, answers withheld. */
export function CopyrightCountsWidget({ userID }: { userID?: string | null }) {
  const load = useMetrics(COPYRIGHT_COUNTS_SELECTION, { userID });
  const total = load.master?.total as CopyrightValues | undefined;
  return (
    <WidgetCard title="Copyright check" subtitle="Answers that reproduce a protected work or a licence" load={load}>
      {total && (
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))', gap: 1, m: 0 }}>
          {COPYRIGHT_COUNT_FIELDS.map((field) => (
            <Box key={field} sx={{ p: 1.5, borderRadius: 1, border: 1, borderColor: 'divider' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {COPYRIGHT_COUNT_LABELS[field]}
              </Typography>
              <Typography component="dd" variant="h5" sx={{ m: 0 }}>
                {total[field].count.toLocaleString('en-US')}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </WidgetCard>
  );
}
