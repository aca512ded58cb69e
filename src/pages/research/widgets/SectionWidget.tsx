// One section of a search as a widget: its own loading (in progress), error (failed, with the reason), skipped
// (with why) and content states; a chat button that asks the follow-up chat about it, where chat is allowed.
import ChatIcon from '@mui/icons-material/ChatBubbleOutline';
import { Alert, Box, Card, CardContent, CardHeader, Chip, CircularProgress, IconButton, Tooltip } from '@mui/material';
import type { ReactNode } from 'react';
import type { Section } from '../../../../domain/schemas/research-search';
import { SECTION_TITLES } from '../../../../domain/schemas/research-search';

const STATUS_COLOUR = { success: 'success', failed: 'error', in_progress: 'info', skipped: 'default' } as const;
const STATUS_LABEL = { success: 'Success', failed: 'Failed', in_progress: 'In progress', skipped: 'Skipped' } as const;

export function SectionWidget({ section, chatDisabled, onChat, children }: { section: Section; chatDisabled: boolean; onChat(): void; children: ReactNode }) {
  const title = SECTION_TITLES[section.Key];
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid={`section-${section.Key}`}>
      <CardHeader
        title={title}
        titleTypographyProps={{ variant: 'h6', component: 'h2' }}
        action={
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Chip size="small" label={STATUS_LABEL[section.Status]} color={STATUS_COLOUR[section.Status]} />
            <Tooltip title={chatDisabled ? '' : `Ask about ${title}`}>
              <span>
                <IconButton aria-label={`Ask about ${title}`} size="small" disabled={chatDisabled || section.Status !== 'success'} onClick={onChat}>
                  <ChatIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          </Box>
        }
      />
      {/* The content scrolls past 420 px: a named, focusable region, so that a keyboard can scroll it too. */}
      <CardContent tabIndex={0} role="region" aria-label={`${title} content`} sx={{ pt: 0, maxHeight: 420, overflow: 'auto', '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 } }}>
        {section.Status === 'in_progress' ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
            <CircularProgress size={28} aria-label={`${title} loading`} />
          </Box>
        ) : section.Status === 'failed' ? (
          <>
            <Alert severity="error">{section.Reason ?? 'This section failed.'}</Alert>
            {section.Evidence ? <Box sx={{ mt: 1 }}>{children}</Box> : null}
          </>
        ) : section.Status === 'skipped' ? (
          <Alert severity="info">{section.Reason ?? 'Skipped.'}</Alert>
        ) : (
          children
        )}
      </CardContent>
    </Card>
  );
}
