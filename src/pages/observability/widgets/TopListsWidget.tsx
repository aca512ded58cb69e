import { Stack, Tab, Table, TableBody, TableCell, TableHead, TableRow, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import type { TopItem } from '../../../../domain/schemas/metrics-types';
import { PROMPT_KINDS, TOP_DIMENSIONS, topFieldName } from '../../../../domain';
import type { PromptKind, TopDimension } from '../../../../domain';
import { CsvExportButton } from '../../../ui/csv';
import { useDrillDown } from '../drilldown/DrillDownContext';
import { DrillLink } from '../drilldown/DrillLink';
import { useEntityNames } from '../names/useEntityNames';
import { useMetrics } from '../scope/useMetrics';
import { DimensionSelect } from './DimensionSelect';
import { DIMENSION_LABELS, KIND_TAB_LABELS } from './labels';
import { WidgetCard } from './WidgetCard';

const TOP_FIELDS = PROMPT_KINDS.flatMap((kind) => TOP_DIMENSIONS.map((dimension) => topFieldName(kind, dimension)));
export const TOP_LISTS_SELECTION = `master { total { ${TOP_FIELDS.map((field) => `${field} { id count }`).join(' ')} } }`;

/** Top lists per prompt kind (all, malicious, blocked, anonymized, redacted) and dimension, with resolved names. */
export function TopListsWidget({ userID, initialDimension = 'Users' }: { userID?: string | null; initialDimension?: TopDimension }) {
  const load = useMetrics(TOP_LISTS_SELECTION, { userID });
  const drillDown = useDrillDown();
  const [kind, setKind] = useState<PromptKind>('OVERALL');
  const [dimension, setDimension] = useState<TopDimension>(initialDimension);
  const total = load.master?.total as Record<string, TopItem[]> | undefined;
  const nameOf = useEntityNames(
    total ? TOP_DIMENSIONS.map((item) => ({ dimension: item, ids: PROMPT_KINDS.flatMap((each) => total[topFieldName(each, item)] ?? []).map((entry) => entry.id) })) : [],
  );
  const field = topFieldName(kind, dimension);
  const items = (total?.[field] ?? []).map((item, index) => ({ ...item, rank: index + 1, name: nameOf(dimension, item.id) }));
  const title = `Top ${DIMENSION_LABELS[dimension].toLowerCase()}: ${KIND_TAB_LABELS[kind]}`;
  return (
    <WidgetCard
      title="Top lists"
      load={load}
      empty={total !== undefined && TOP_FIELDS.every((name) => (total[name] ?? []).length === 0)}
      actions={
        <CsvExportButton
          title={title}
          rows={items}
          columns={[
            { header: 'Rank', value: (row) => row.rank },
            { header: DIMENSION_LABELS[dimension], value: (row) => row.name },
            { header: 'Id', value: (row) => row.id },
            { header: 'Prompts', value: (row) => row.count },
          ]}
        />
      }
    >
      <Stack spacing={1}>
        <DimensionSelect value={dimension} options={TOP_DIMENSIONS} onChange={setDimension} />
        <Tabs
          value={kind}
          onChange={(_, next: PromptKind) => setKind(next)}
          variant="fullWidth"
          aria-label="Prompt kind"
          sx={{ '& .MuiTab-root': { textTransform: 'none', minWidth: 0, px: 1 } }}
        >
          {PROMPT_KINDS.map((each) => (
            <Tab key={each} value={each} label={KIND_TAB_LABELS[each]} />
          ))}
        </Tabs>
      </Stack>
      {items.length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          No {KIND_TAB_LABELS[kind].toLowerCase()} prompts by {DIMENSION_LABELS[dimension].toLowerCase()} in this window.
        </Typography>
      ) : (
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              <TableCell>{DIMENSION_LABELS[dimension]}</TableCell>
              <TableCell align="right">Prompts</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((item, index) => (
              <TableRow key={`${item.id}-${index}`}>
                <TableCell>{item.rank}</TableCell>
                <TableCell>{item.name}</TableCell>
                <TableCell align="right">
                  <DrillLink
                    label={`Prompts of ${item.name}: ${item.count}`}
                    onOpen={() => load.variables && drillDown({ title: `${title} · ${item.name}`, target: { widgetID: field, itemIndex: index }, variables: load.variables })}
                  >
                    {item.count}
                  </DrillLink>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </WidgetCard>
  );
}
