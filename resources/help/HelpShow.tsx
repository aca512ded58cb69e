import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { EditButton, ListButton, Loading, ShowBase, Title, TopToolbar, useShowContext } from 'react-admin';
import type { HelpPage } from '../../domain';
import { ConfirmDeleteButton } from '../../src/ui/actions/ConfirmDeleteButton';
import { BuiltInChip } from './BuiltInChip';
import { MarkdownView } from './MarkdownView';

/** Most pages open with their own "# Title"; the others get the title as their heading. */
const startsWithHeading = (markdown: string) => /^\s*#\s/.test(markdown);

function HelpPageActions({ page }: { page: HelpPage }) {
  return (
    <TopToolbar sx={{ minHeight: 0, p: 0 }}>
      <ListButton label="All help pages" />
      {!page.BuiltIn && <EditButton />}
      {!page.BuiltIn && <ConfirmDeleteButton successMessage={`Help page "${page.Title}" deleted`} redirectTo="list" />}
    </TopToolbar>
  );
}

function HelpPageView() {
  const { record, isPending } = useShowContext<HelpPage>();
  if (isPending || !record) return <Loading />;
  return (
    <>
      <Title title={record.Title} />
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Chip size="small" label={record.Category} />
          {record.BuiltIn && <BuiltInChip />}
        </Stack>
        <HelpPageActions page={record} />
      </Stack>
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
          {!startsWithHeading(record.Body) && (
            <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
              {record.Title}
            </Typography>
          )}
          <MarkdownView markdown={record.Body} />
        </CardContent>
      </Card>
    </>
  );
}

/** /admin/help/:slug/show: one help page, rendered from Markdown. */
export function HelpShow() {
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 960 }}>
      <ShowBase>
        <HelpPageView />
      </ShowBase>
    </Box>
  );
}
