import { Box, Tooltip } from '@mui/material';
import { alpha } from '@mui/material/styles';
import type { PromptSegment } from './promptSegments';
import { ACTION_COLOURS } from '../policyText';

/** Text with its findings marked in the colour of their decided action; hover tells the type, the action and why. */
export function HighlightedText({ segments, label }: { segments: readonly PromptSegment[]; label: string }) {
  return (
    <Box
      aria-label={label}
      role="region"
      sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.default', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 14, lineHeight: 1.9 }}
    >
      {segments.map((segment, index) => {
        const finding = segment.finding;
        if (!finding) return <span key={index}>{segment.text}</span>;
        const colour = ACTION_COLOURS[finding.Action];
        return (
          <Tooltip key={index} title={`${finding.Type} → ${finding.Action}${finding.Applied ? '' : ' (overridden)'}: ${finding.Reason}`}>
            <Box
              component="mark"
              data-action={finding.Action}
              aria-label={`${finding.Type}: ${finding.Action}`}
              sx={{
                bgcolor: alpha(colour, 0.16),
                color: 'text.primary',
                borderBottom: 2,
                borderColor: colour,
                borderBottomStyle: finding.Applied ? 'solid' : 'dashed',
                borderRadius: 0.5,
                px: 0.25,
              }}
            >
              {segment.text}
            </Box>
          </Tooltip>
        );
      })}
    </Box>
  );
}
