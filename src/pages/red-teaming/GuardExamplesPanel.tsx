import { Button, Card, CardContent, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listGuardExamples, removeGuardExample } from './redTeamApi';

/** The organization's attack examples the prompt guard also matches against (added from findings), removable. */
export function GuardExamplesPanel() {
  const queryClient = useQueryClient();
  const examples = useQuery({ queryKey: ['red-teaming', 'guard-examples'], queryFn: listGuardExamples });
  const remove = useMutation({ mutationFn: removeGuardExample, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['red-teaming', 'guard-examples'] }) });
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: '1.2rem' }}>
          Guard examples
        </Typography>
        <Typography color="text.secondary" variant="body2">
          The prompt guard flags a prompt that contains most of one of these (and the policies' prompt-injection rules block it).
        </Typography>
        {examples.data && !examples.data.length && <Typography sx={{ mt: 1 }}>No guard examples yet: add one from a successful attempt.</Typography>}
        <List dense aria-label="Guard examples">
          {examples.data?.map((example) => (
            <ListItem key={example.id} secondaryAction={<Button onClick={() => remove.mutate(example.id)}>Remove</Button>}>
              <ListItemText primary={example.Text} secondary={new Date(example.CreatedAt).toLocaleString()} />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
