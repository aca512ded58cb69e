import { Box } from '@mui/material';
import { useMemo } from 'react';
import { renderMarkdown } from './renderMarkdown';

/** Help text rendered from Markdown, safely (see renderMarkdown), in the console's typography. */
export function MarkdownView({ markdown }: { markdown: string }) {
  const html = useMemo(() => renderMarkdown(markdown), [markdown]);
  return (
    <Box
      className="markdown-body"
      sx={{
        typography: 'body1',
        lineHeight: 1.65,
        '& h1': { typography: 'h4', mt: 1, mb: 2 },
        '& h2': { typography: 'h5', mt: 3, mb: 1.5 },
        '& h3': { typography: 'h6', mt: 2.5, mb: 1 },
        '& p, & ul, & ol': { my: 1.25 },
        '& a': { color: 'primary.main' },
        '& code': { fontFamily: 'monospace', fontSize: '0.9em', bgcolor: 'action.hover', px: 0.5, borderRadius: 0.5 },
        '& pre': { bgcolor: 'action.hover', p: 1.5, borderRadius: 1, overflowX: 'auto' },
        '& pre code': { bgcolor: 'transparent', p: 0 },
        '& blockquote': { borderLeft: 4, borderColor: 'divider', m: 0, pl: 2, color: 'text.secondary' },
        '& table': { borderCollapse: 'collapse', my: 2, width: '100%' },
        '& th, & td': { border: 1, borderColor: 'divider', px: 1.5, py: 0.75, textAlign: 'left', verticalAlign: 'top' },
        '& th': { bgcolor: 'action.hover', fontWeight: 600 },
        '& img': { maxWidth: '100%' },
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
