import { Stack, Typography } from '@mui/material';
import type { PolicyTestResult } from '../../../domain';
import { ActionLegend } from './ActionLegend';
import { FindingsList } from './FindingsList';
import { HighlightedText } from './HighlightedText';
import { highlightSegments, segmentsText, transformedSegments } from './promptSegments';
import { RuleResults } from './RuleResults';
import { TestDecision } from './TestDecision';

const Heading = ({ children }: { children: string }) => (
  <Typography variant="subtitle2" component="h3">
    {children}
  </Typography>
);

/** The server's explanation: decision, highlighted prompt, what the model would get, findings and every rule. */
export function TestResultView({ result }: { result: PolicyTestResult }) {
  const sent = transformedSegments(result.Prompt, result.Findings);
  const sentMatches = segmentsText(sent) === result.TransformedPrompt;
  return (
    <Stack spacing={1.5} aria-label="Test result" role="region">
      <TestDecision result={result} />
      <Typography variant="caption" color="text.secondary">
        Evaluated in {result.DurationMs} ms
      </Typography>
      <Heading>Findings in the prompt</Heading>
      <HighlightedText label="Prompt with findings" segments={highlightSegments(result.Prompt, result.Findings)} />
      <ActionLegend />
      <Heading>Sent to the language model</Heading>
      {result.Blocked ? (
        <Typography variant="body2" color="text.secondary">
          Nothing: the prompt is blocked.
        </Typography>
      ) : (
        <HighlightedText label="Transformed prompt" segments={sentMatches ? sent : [{ text: result.TransformedPrompt }]} />
      )}
      <FindingsList result={result} />
      <Heading>Rules</Heading>
      <RuleResults result={result} />
    </Stack>
  );
}
