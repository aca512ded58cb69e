import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import { Box, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { ChatMessage } from '../../../../domain';
import { sourcePath } from '../chatPaths';

/** The chunks the answer cited, numbered as the answer refers to them, each opening its source page. */
export function CitedSources({ message }: { message: ChatMessage }) {
  return (
    <Box component="section" aria-label="Cited sources">
      <Typography variant="subtitle2" component="h3">
        Sources
      </Typography>
      <Box component="ol" sx={{ m: 0, pl: 3 }}>
        {message.Sources.map((source) => (
          <Box component="li" key={source.ChunkId} sx={{ py: 0.5 }}>
            <Link
              component={RouterLink}
              to={sourcePath(message.ConversationId, message.id, source.ChunkId)}
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
            >
              <DescriptionIcon fontSize="small" />
              {source.DocumentName}
            </Link>
            <Typography component="span" variant="body2" color="text.secondary">
              {' '}
              — {source.DataSourceName}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic', overflowWrap: 'anywhere' }}>
              {source.Snippet}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
