import { List, ListItem, ListItemText } from '@mui/material';
import type { PolicyTestResult } from '../../../domain';

/** Every finding with its decided action and the precedence reason. */
export function FindingsList({ result }: { result: PolicyTestResult }) {
  if (result.Findings.length === 0) return null;
  return (
    <List dense disablePadding aria-label="Findings">
      {result.Findings.map((finding, index) => (
        <ListItem key={index} disableGutters>
          <ListItemText
            primary={`${finding.Type}${finding.Type === 'PROMPT_INJECTION' ? '' : ` “${finding.Text}”`} → ${finding.Action}${finding.Applied ? '' : ' (not applied: an overlapping finding took its place)'}${finding.Replacement ? ` as ${finding.Replacement}` : ''}`}
            secondary={finding.Reason}
          />
        </ListItem>
      ))}
    </List>
  );
}
