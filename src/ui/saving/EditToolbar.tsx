import { SaveButton, Toolbar } from 'react-admin';
import { ConfirmDeleteButton } from '../actions/ConfirmDeleteButton';

/** Save on the left, Delete (after the confirm helper, pessimistic) on the right. */
export function EditToolbar({ deletedMessage }: { deletedMessage: string }) {
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      <ConfirmDeleteButton successMessage={deletedMessage} redirectTo="list" />
    </Toolbar>
  );
}
