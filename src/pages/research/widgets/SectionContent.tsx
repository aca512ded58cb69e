// What each section shows once it has evidence: tables and lists of what the server gathered, as text (never HTML).
import { Box, Chip, Link, List, ListItem, ListItemText, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { Claim, Control, CysmoEvidence, DocumentsEvidence, GuidelineResult, InsightsEvidence, ProfileAttribute, RiskScoreEvidence, Section, VorafiedClaim } from '../../../../domain/schemas/research-search';
import { RiskGauge } from '../RiskGauge';

const RESULT_COLOUR = { pass: 'success', warning: 'warning', fail: 'error', not_applicable: 'default', verified: 'success', contradicted: 'error', not_verifiable: 'default', met: 'success', partial: 'warning', not_met: 'error', claimed: 'info', unknown: 'default' } as const;
const label = (value: string) => value.replace(/_/g, ' ');
const ResultChip = ({ value }: { value: keyof typeof RESULT_COLOUR }) => <Chip size="small" label={label(value)} color={RESULT_COLOUR[value]} />;

export function SectionContent({ section }: { section: Section }) {
  const evidence = section.Evidence as Record<string, unknown> | null;
  if (!evidence) return null;
  switch (section.Key) {
    case 'riskScore': {
      const score = evidence as unknown as RiskScoreEvidence;
      return (
        <>
          <RiskGauge score={score.Score} label={`${score.Level} risk`} />
          <Typography variant="caption" component="p" color="text.secondary">{score.Formula}</Typography>
          <List dense>{score.Factors.map((factor, index) => <ListItem key={index}><ListItemText primary={`${factor.Points} ${factor.Factor}`} secondary={factor.Detail} /></ListItem>)}</List>
        </>
      );
    }
    case 'riskProfile':
      return (
        <Table size="small" aria-label="Risk profile">
          <TableBody>
            {(evidence.Attributes as ProfileAttribute[]).map((item) => (
              <TableRow key={item.Attribute}>
                <TableCell component="th">{item.Attribute}</TableCell>
                <TableCell>{item.Value ?? 'Unknown'}{item.Detail ? <Typography variant="caption" component="p" color="text.secondary">{item.Detail}</Typography> : null}</TableCell>
                <TableCell>{item.Source ? `${item.Source} (${item.Confidence})` : ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      );
    case 'cysmo': {
      const scan = evidence as unknown as CysmoEvidence;
      return (
        <Table size="small" aria-label="Scan findings">
          <TableHead><TableRow><TableCell>Check</TableCell><TableCell>Result</TableCell><TableCell>Evidence</TableCell></TableRow></TableHead>
          <TableBody>
            {scan.Findings.map((finding) => (
              <TableRow key={finding.check}>
                <TableCell>{finding.title}<Typography variant="caption" component="p" color="text.secondary">{finding.severity}</Typography></TableCell>
                <TableCell><ResultChip value={finding.result} /></TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>{finding.evidence.slice(0, 3).join(' · ')}{finding.result !== 'pass' && finding.recommendation ? <Typography variant="caption" component="p">{finding.recommendation}</Typography> : null}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      );
    }
    case 'documents': {
      const documents = evidence as unknown as DocumentsEvidence;
      return (
        <List dense>
          {documents.Documents.map((document) => (
            <ListItem key={document.Source} alignItems="flex-start">
              <ListItemText primary={document.Kind === 'upload' ? `Uploaded: ${document.Title}` : <Link href={document.Source} target="_blank" rel="noopener noreferrer nofollow">{document.Title}</Link>} secondary={`${document.Text.slice(0, 240)}${document.Text.length > 240 ? '…' : ''}${document.InjectionRemoved ? ` — ${document.InjectionRemoved} passage(s) removed by the prompt guard` : ''}`} />
            </ListItem>
          ))}
          {documents.Skipped.map((skip) => <ListItem key={skip.Source}><ListItemText primary={skip.Source} secondary={`Not read: ${skip.Reason}`} /></ListItem>)}
        </List>
      );
    }
    case 'claims':
      return <List dense>{(evidence.Claims as Claim[]).map((claim, index) => <ListItem key={index}><ListItemText primary={`${claim.Label}: “${claim.Quote}”`} secondary={claim.ExtractedBy === 'model' ? `${claim.Source} — the model's extraction, quote checked in the source` : claim.Source} /></ListItem>)}</List>;
    case 'vorafiedClaims':
      return (
        <List dense>
          {(evidence.Claims as VorafiedClaim[]).map((claim, index) => (
            <ListItem key={index} secondaryAction={<ResultChip value={claim.Verdict} />}>
              <ListItemText primary={`${claim.Label}: “${claim.Quote}”`} secondary={claim.Evidence.join(' · ')} />
            </ListItem>
          ))}
        </List>
      );
    case 'control':
      return (
        <List dense>
          {(evidence.Controls as Control[]).map((control) => (
            <ListItem key={control.Category} secondaryAction={<ResultChip value={control.Status} />}>
              <ListItemText primary={control.Title} secondary={control.Missing.length ? `Missing: ${control.Missing.join('; ')}` : control.Evidence.slice(0, 2).join(' · ')} />
            </ListItem>
          ))}
        </List>
      );
    case 'guidelines':
      return (
        <List dense>
          {(evidence.Results as GuidelineResult[]).map((result) => (
            <ListItem key={result.GuidelineId} secondaryAction={<Chip size="small" label={result.Result} color={result.Result === 'pass' ? 'success' : result.Result === 'fail' ? 'error' : 'default'} />}>
              <ListItemText primary={result.Name} secondary={result.Reason} />
            </ListItem>
          ))}
        </List>
      );
    case 'insights': {
      const insights = evidence as unknown as InsightsEvidence;
      return (
        <Box>
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{insights.Text || insights.Blocked}</Typography>
          <Typography variant="caption" color="text.secondary">{`Written by ${insights.Model} from: ${insights.SectionsUsed.join(', ')}`}</Typography>
        </Box>
      );
    }
  }
}
