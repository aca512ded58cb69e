import { Alert, Box, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { COPYRIGHT_MATCH_STATUS_LABELS, VERIFICATION_STATUS_LABELS } from '../../../domain';
import { codedValueLabel } from './lifecycleFormat';

// A stage's Detail is free-form by contract (what the stage saw and decided). The keys the pipeline writes get a
// readable view; anything else is listed as it is, so nothing recorded is hidden.

type Row = Record<string, unknown>;
const isRow = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);
const rows = (value: unknown): Row[] => (Array.isArray(value) ? value.filter(isRow) : []);
const text = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
};

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      {children}
    </Box>
  );
}

function TextBlock({ label, value }: { label: string; value: unknown }) {
  return (
    <Field label={label}>
      <Box component="pre" sx={{ m: 0, p: 1, bgcolor: 'action.hover', borderRadius: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit', fontSize: '0.875rem' }}>
        {text(value)}
      </Box>
    </Field>
  );
}

/** A column's cell: coded values by their label (`labels` maps a column key to its kind of value), the rest as text. */
type ValueKinds = Record<string, string>;

function DataTable({ label, columns, items, kinds = {} }: { label: string; columns: [key: string, heading: string][]; items: Row[]; kinds?: ValueKinds }) {
  return (
    <Field label={label}>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {columns.map(([key, heading]) => (
                <TableCell key={key}>{heading}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((item, index) => (
              <TableRow key={index}>
                {columns.map(([key]) => (
                  <TableCell key={key} sx={{ overflowWrap: 'break-word', minWidth: 64 }}>
                    {codedValueLabel(kinds[key] ?? key, item[key]) ?? text(item[key])}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Field>
  );
}

const FINDING_COLUMNS: [string, string][] = [['Type', 'Entity type'], ['Text', 'Found text'], ['Action', 'Action'], ['Applied', 'Applied'], ['Replacement', 'Replaced by'], ['Policy', 'Policy'], ['Rule', 'Rule']];
const CHUNK_COLUMNS: [string, string][] = [['DocumentName', 'Document'], ['DataSourceId', 'Data source'], ['ChunkId', 'Chunk'], ['Score', 'Score'], ['Source', 'Found by']];
/** Which ranking found a retrieved chunk (hybrid retrieval); older records have none. */
const CHUNK_SOURCE_LABELS: Record<string, string> = { bm25: 'BM25', vector: 'Vector search', both: 'BM25 and vector search' };
const chunkRow = (chunk: Row): Row => ({ ...chunk, Source: typeof chunk.Source === 'string' ? (CHUNK_SOURCE_LABELS[chunk.Source] ?? chunk.Source) : null });
const MATCH_COLUMNS: [string, string][] = [['SourceName', 'Source'], ['LicenceId', 'Licence'], ['Excerpt', 'Passage of the answer'], ['Coverage', 'Share of the answer'], ['CopiedWords', 'Copied words'], ['Span', 'Answer characters'], ['SourceSpan', 'Source characters']];
const RESULT_COLUMNS: [string, string][] = [['VerifierName', 'Verifier'], ['Metric', 'Metric'], ['State', 'State'], ['Value', 'Value'], ['Score', 'Score'], ['Passed', 'Passed'], ['Source', 'Source'], ['Detail', 'Detail']];

/** Keys shown by a dedicated view below; the rest fall through to the generic list. */
const HANDLED = new Set(['Prompt', 'TransformedPrompt', 'Findings', 'Policies', 'Blocked', 'Chunks', 'Results', 'Sent', 'Answer', 'Reasons', 'Malicious', 'Model', 'Flagged', 'Matches', 'ToolCalls', 'ToolResults', 'Texts']);

/** A copyright match as a table row: shares in per cent, spans as start–end. */
function matchRow(match: Row): Row {
  const span = (start: unknown, end: unknown) => (typeof start === 'number' && typeof end === 'number' ? `${start}–${end}` : null);
  return {
    ...match,
    Coverage: typeof match.Coverage === 'number' ? `${Math.round(match.Coverage * 100)} %` : match.Coverage,
    Span: span(match.AnswerStart, match.AnswerEnd),
    SourceSpan: span(match.SourceStart, match.SourceEnd),
  };
}
const TOOL_CALL_COLUMNS: [string, string][] = [['Id', 'Call'], ['Name', 'Tool'], ['Arguments', 'Arguments as the model gave them'], ['Findings', 'Policies applied']];
// The guard scans each tool result; the policy stage shows what the model was given instead.
const TOOL_SCAN_COLUMNS: [string, string][] = [['ToolCallId', 'Call'], ['Name', 'Tool'], ['Malicious', 'Prompt injection'], ['Score', 'Score'], ['Reasons', 'Reasons']];
const TOOL_RESULT_COLUMNS: [string, string][] = [['ToolCallId', 'Call'], ['Name', 'Tool'], ['Content', 'Result as the app sent it'], ['SentAs', 'Given to the model as']];

export function StageDetail({ detail }: { detail: Row }) {
  const blocked = isRow(detail.Blocked) ? detail.Blocked : null;
  const reasons = Array.isArray(detail.Reasons) ? detail.Reasons.map(text) : [];
  const policies = rows(detail.Policies);
  const others = Object.entries(detail).filter(([key]) => !HANDLED.has(key));
  // The copyright check's detail carries Matches and its own Status (§4 copyright match status).
  const copyright = Array.isArray(detail.Matches);
  const verificationStatus = !copyright && typeof detail.Status === 'number' ? VERIFICATION_STATUS_LABELS[detail.Status] : undefined;
  const copyrightStatus = copyright && typeof detail.Status === 'number' ? COPYRIGHT_MATCH_STATUS_LABELS[detail.Status] : undefined;

  return (
    <Stack spacing={1.5} sx={{ mt: 1 }}>
      {blocked && (
        <Alert severity="error">
          Blocked by {text(blocked.PolicyName)}
          {blocked.Rule ? ` (rule “${text(blocked.Rule)}”)` : ''}: {text(blocked.Reason)}
        </Alert>
      )}
      {'Malicious' in detail && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Chip size="small" color={detail.Malicious ? 'error' : 'success'} variant="outlined" label={detail.Malicious ? 'Malicious' : 'Not malicious'} />
          {typeof detail.Score === 'number' && <Typography variant="body2">Attack score {detail.Score.toFixed(2)}</Typography>}
          {reasons.map((reason) => (
            <Chip key={reason} size="small" label={reason} />
          ))}
        </Stack>
      )}
      {'Model' in detail && <Field label="Model"><Typography variant="body2">{text(detail.Model)}</Typography></Field>}
      {'Prompt' in detail && <TextBlock label="Prompt as this stage received it" value={detail.Prompt} />}
      {'TransformedPrompt' in detail && detail.TransformedPrompt !== null && <TextBlock label="Prompt after the policies" value={detail.TransformedPrompt} />}
      {rows(detail.Findings).length > 0 && <DataTable label="Entities and rules found" columns={FINDING_COLUMNS} items={rows(detail.Findings)} kinds={{ Action: 'PolicyAction' }} />}
      {'Flagged' in detail && <Field label="Flagged"><Typography variant="body2">{text(detail.Flagged)}</Typography></Field>}
      {policies.length > 0 && (
        <Field label="Policies applied">
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            {policies.map((policy, index) => (
              <Chip key={index} size="small" label={text(policy.PolicyName ?? policy.PolicyId)} />
            ))}
          </Stack>
        </Field>
      )}
      {rows(detail.Chunks).length > 0 && <DataTable label="Chunks retrieved" columns={CHUNK_COLUMNS} items={rows(detail.Chunks).map(chunkRow)} />}
      {verificationStatus && (
        <Field label="Verification">
          <Typography variant="body2">
            {verificationStatus} · response {codedValueLabel('ResponseType', detail.ResponseType) ?? text(detail.ResponseType)} · action{' '}
            {codedValueLabel('VerificationAction', detail.Action) ?? text(detail.Action)}
          </Typography>
        </Field>
      )}
      {copyrightStatus && (
        <Field label="Copyright check">
          <Typography variant="body2">
            {copyrightStatus}
            {detail.Deferred === true ? ' · checked in the background after delivery' : ' · checked before delivery'}
            {detail.ServiceChecked === true ? ' · external service called' : ''}
          </Typography>
          {typeof detail.ServiceError === 'string' && <Typography variant="body2">External service: {detail.ServiceError}</Typography>}
        </Field>
      )}
      {Array.isArray(detail.Matches) && (
        <Field label="Copyright matches">
          {rows(detail.Matches).length === 0 ? (
            <Typography variant="body2">None</Typography>
          ) : (
            <DataTable label="Copyright matches" columns={MATCH_COLUMNS} items={rows(detail.Matches).map(matchRow)} />
          )}
        </Field>
      )}
      {rows(detail.Results).length > 0 && <DataTable label="Verification results per metric" columns={RESULT_COLUMNS} items={rows(detail.Results)} />}
      {rows(detail.Sent).length > 0 && (
        <Field label="Messages sent to the model">
          <Stack spacing={0.5}>
            {rows(detail.Sent).map((message, index) => (
              <TextBlock key={index} label={text(message.role ?? message.Role)} value={message.content ?? message.Content} />
            ))}
          </Stack>
        </Field>
      )}
      {Array.isArray(detail.Texts) && (
        <Field label="Texts to embed, as sent to the model">
          <Stack spacing={0.5}>
            {detail.Texts.map((value: unknown, index: number) => (
              <TextBlock key={index} label={`Input ${index + 1}`} value={value} />
            ))}
          </Stack>
        </Field>
      )}
      {'Answer' in detail && <TextBlock label="Answer as the model gave it" value={detail.Answer} />}
      {rows(detail.ToolCalls).length > 0 && <DataTable label="Tool calls" columns={TOOL_CALL_COLUMNS} items={rows(detail.ToolCalls)} />}
      {rows(detail.ToolResults).length > 0 && <DataTable label="Tool results" columns={'SentAs' in rows(detail.ToolResults)[0]! ? TOOL_RESULT_COLUMNS : TOOL_SCAN_COLUMNS} items={rows(detail.ToolResults)} />}
      {others
        .filter(([key]) => !(verificationStatus && ['Status', 'ResponseType', 'Action'].includes(key)) && !(copyrightStatus && ['Status', 'Deferred', 'ServiceChecked', 'ServiceError'].includes(key)) && !(key === 'Score' && 'Malicious' in detail))
        .map(([key, value]) => (typeof value === 'string' && value.length > 80 ? <TextBlock key={key} label={key} value={value} /> : <Field key={key} label={key}><Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>{text(value)}</Typography></Field>))}
    </Stack>
  );
}
