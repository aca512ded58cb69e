import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import type { Risk } from '../../../../domain/schemas/metrics-types';
import { factorRiskLevel, RISK_FACTOR_LABELS, RISK_FACTORS } from '../../../../domain';
import { formatNumber } from '../widgets/labels';
import { RiskLevelChip } from './RiskLevelChip';

/** One leaderboard entry's factors: what was measured, how it scored and at what level (§4 factor rule). */
export function RiskFactorTable({ risk, name }: { risk: Risk; name: string }) {
  return (
    <Table size="small" aria-label={`Risk factors of ${name}`}>
      <TableHead>
        <TableRow>
          <TableCell>Factor</TableCell>
          <TableCell align="right">Value</TableCell>
          <TableCell align="right">Hits</TableCell>
          <TableCell align="right">Misses</TableCell>
          <TableCell align="right">Count</TableCell>
          <TableCell align="right">Score</TableCell>
          <TableCell>Value range</TableCell>
          <TableCell>Score range</TableCell>
          <TableCell>Level</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {RISK_FACTORS.map((factor) => {
          const entry = risk[factor];
          const measured = entry.enabled && entry.count > 0;
          return (
            <TableRow key={factor} sx={measured ? undefined : { '& td': { color: 'text.disabled' } }}>
              <TableCell>{RISK_FACTOR_LABELS[factor]}</TableCell>
              <TableCell align="right">{formatNumber(entry.value, 3)}</TableCell>
              <TableCell align="right">{entry.hits}</TableCell>
              <TableCell align="right">{entry.misses}</TableCell>
              <TableCell align="right">{entry.count}</TableCell>
              <TableCell align="right">{formatNumber(entry.score, 2)}</TableCell>
              <TableCell>
                {formatNumber(entry.valueLo, 3)} – {formatNumber(entry.valueHi, 3)}
              </TableCell>
              <TableCell>
                {formatNumber(entry.scoreLo, 2)} → {formatNumber(entry.scoreHi, 2)}
              </TableCell>
              <TableCell>{!entry.enabled ? 'Disabled' : entry.count === 0 ? 'No data' : <RiskLevelChip level={factorRiskLevel(entry.value, entry)} />}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
