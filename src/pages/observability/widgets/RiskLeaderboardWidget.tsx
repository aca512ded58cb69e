import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Box, Collapse, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Fragment, useState } from 'react';
import { RISK_ITEM_FIELDS } from '../../../../dataProvider/metricsQueries';
import type { RiskItem } from '../../../../domain/schemas/metrics-types';
import { RISK_DIMENSIONS, RISK_FACTOR_LABELS, RISK_FACTORS, RISK_LEVEL_LABELS, riskFieldName, scoreRiskLevel } from '../../../../domain';
import type { RiskDimension } from '../../../../domain';
import { CsvExportButton } from '../../../ui/csv';
import { useDrillDown } from '../drilldown/DrillDownContext';
import { DrillLink } from '../drilldown/DrillLink';
import { useEntityNames } from '../names/useEntityNames';
import { RiskFactorTable } from '../risk/RiskFactorTable';
import { RiskLevelChip } from '../risk/RiskLevelChip';
import { useMetrics } from '../scope/useMetrics';
import { DimensionSelect } from './DimensionSelect';
import { DIMENSION_LABELS, formatNumber } from './labels';
import { WidgetCard } from './WidgetCard';

export const RISK_LEADERBOARD_SELECTION = `master { total { ${RISK_DIMENSIONS.map((dimension) => `${riskFieldName(dimension)} { ${RISK_ITEM_FIELDS} }`).join(' ')} } }`;

/** Risk leaderboards, riskiest first, with the generic band as High / Medium / Low; `showFactors` adds the breakdowns. */
export function RiskLeaderboardWidget({ showFactors = false }: { showFactors?: boolean }) {
  const load = useMetrics(RISK_LEADERBOARD_SELECTION);
  const drillDown = useDrillDown();
  const [dimension, setDimension] = useState<RiskDimension>('Users');
  const [expanded, setExpanded] = useState<string | undefined>();
  const total = load.master?.total as Record<string, RiskItem[]> | undefined;
  const nameOf = useEntityNames(total ? RISK_DIMENSIONS.map((item) => ({ dimension: item, ids: (total[riskFieldName(item)] ?? []).map((entry) => entry.id) })) : []);
  const field = riskFieldName(dimension);
  const items = (total?.[field] ?? []).map((item, index) => ({ ...item, rank: index + 1, name: nameOf(dimension, item.id), level: scoreRiskLevel(item.risk.finalRiskScore) }));
  const title = `Risk leaderboard: ${DIMENSION_LABELS[dimension].toLowerCase()}`;
  return (
    <WidgetCard
      title="Risk leaderboards"
      load={load}
      empty={total !== undefined && RISK_DIMENSIONS.every((item) => (total[riskFieldName(item)] ?? []).length === 0)}
      actions={
        <CsvExportButton
          title={title}
          rows={items}
          columns={[
            { header: 'Rank', value: (row) => row.rank },
            { header: DIMENSION_LABELS[dimension], value: (row) => row.name },
            { header: 'Id', value: (row) => row.id },
            { header: 'Prompts', value: (row) => row.value },
            { header: 'Risk score', value: (row) => row.risk.finalRiskScore },
            { header: 'Risk', value: (row) => RISK_LEVEL_LABELS[row.level] },
            ...RISK_FACTORS.flatMap((factor) => [
              { header: `${RISK_FACTOR_LABELS[factor]} value`, value: (row: (typeof items)[number]) => row.risk[factor].value },
              { header: `${RISK_FACTOR_LABELS[factor]} score`, value: (row: (typeof items)[number]) => (row.risk[factor].enabled ? row.risk[factor].score : null) },
            ]),
          ]}
        />
      }
    >
      <Stack direction="row" sx={{ mb: 1 }}>
        <DimensionSelect value={dimension} options={RISK_DIMENSIONS} onChange={setDimension} />
      </Stack>
      {items.length === 0 ? (
        <Typography color="text.secondary">No {DIMENSION_LABELS[dimension].toLowerCase()} with prompts in this window.</Typography>
      ) : (
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              {showFactors && <TableCell padding="checkbox" />}
              <TableCell>#</TableCell>
              <TableCell>{DIMENSION_LABELS[dimension]}</TableCell>
              <TableCell align="right">Prompts</TableCell>
              <TableCell align="right">Risk score</TableCell>
              <TableCell>Risk</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((item, index) => (
              <Fragment key={`${item.id}-${index}`}>
                <TableRow>
                  {showFactors && (
                    <TableCell padding="checkbox">
                      <IconButton size="small" aria-label={`Factors of ${item.name}`} aria-expanded={expanded === item.id} onClick={() => setExpanded(expanded === item.id ? undefined : item.id)}>
                        {expanded === item.id ? <ExpandLessIcon /> : <ExpandMoreIcon />}
                      </IconButton>
                    </TableCell>
                  )}
                  <TableCell>{item.rank}</TableCell>
                  <TableCell>{item.name}</TableCell>
                  <TableCell align="right">
                    <DrillLink
                      label={`Prompts of ${item.name}: ${item.value}`}
                      onOpen={() => load.variables && drillDown({ title: `${title} · ${item.name}`, target: { widgetID: field, itemIndex: index }, variables: load.variables })}
                    >
                      {formatNumber(item.value)}
                    </DrillLink>
                  </TableCell>
                  <TableCell align="right">{formatNumber(item.risk.finalRiskScore, 2)}</TableCell>
                  <TableCell>
                    <RiskLevelChip level={item.level} />
                  </TableCell>
                </TableRow>
                {showFactors && (
                  <TableRow>
                    <TableCell colSpan={6} sx={{ py: 0, borderBottom: expanded === item.id ? undefined : 'none' }}>
                      <Collapse in={expanded === item.id} unmountOnExit>
                        <Box sx={{ py: 1 }}>
                          <RiskFactorTable risk={item.risk} name={item.name} />
                        </Box>
                      </Collapse>
                    </TableCell>
                  </TableRow>
                )}
              </Fragment>
            ))}
          </TableBody>
        </Table>
      )}
    </WidgetCard>
  );
}
