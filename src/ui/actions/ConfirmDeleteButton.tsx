import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { Button } from '@mui/material';
import type { MouseEvent, ReactNode } from 'react';
import { useDelete, useNotify, useRecordContext, useRedirect, useRefresh, useResourceContext } from 'react-admin';
import type { RedirectionSideEffect } from 'react-admin';
import { errorMessage } from '../../forms/serverErrors';
import { useConfirm } from '../confirm';

export interface ConfirmDeleteButtonProps {
  /** Button text: "Delete", "Revoke", "Remove"… */
  label?: string;
  /** Toast after the server agreed, e.g. "Token revoked". */
  successMessage: string;
  /** Where to go afterwards; false stays (and refreshes the list). */
  redirectTo?: RedirectionSideEffect;
  icon?: ReactNode;
  confirmTitle?: ReactNode;
  confirmMessage?: ReactNode;
}

/**
 * Deletes the current record after the console's confirm helper ("Are you sure?" / "This action cannot be
 * reversed"), pessimistically: the row goes only when the server agreed, and a refusal shows its message.
 */
export function ConfirmDeleteButton({
  label = 'Delete',
  successMessage,
  redirectTo = false,
  icon = <DeleteIcon />,
  confirmTitle,
  confirmMessage,
}: ConfirmDeleteButtonProps) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const confirm = useConfirm();
  const notify = useNotify();
  const redirect = useRedirect();
  const refresh = useRefresh();
  const [remove, { isPending }] = useDelete();
  if (!record || !resource) return null;

  const onClick = async (event: MouseEvent) => {
    event.stopPropagation();
    if (!(await confirm({ title: confirmTitle, message: confirmMessage }))) return;
    await remove(
      resource,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(successMessage, { type: 'success' });
          if (redirectTo === false) refresh();
          else redirect(redirectTo, resource);
        },
        onError: (error) => notify(errorMessage(error), { type: 'error' }),
      },
    );
  };

  return (
    <Button color="error" size="small" startIcon={icon} disabled={isPending} onClick={(event) => void onClick(event)}>
      {label}
    </Button>
  );
}
