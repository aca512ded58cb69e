import { isValidElement, useEffect } from 'react';
import type { ReactNode } from 'react';
import { useNotificationContext, useTakeUndoableMutation, useTranslate } from 'react-admin';
import type { NotificationPayload } from 'react-admin';
import { toast, ToastContainer } from 'react-toastify';
import { TOAST_CONTAINER_SETTINGS } from './toastSettings';
import { UndoableToast } from './UndoableToast';

/**
 * react-admin's `notification` component: every notify() of react-admin (and of our screens) becomes a
 * react-toastify toast. Undoable mutations commit when their toast closes, unless Undo was clicked.
 */
export function ToastNotifications() {
  const { notifications, takeNotification } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const translate = useTranslate();

  useEffect(() => {
    if (notifications.length === 0) return;
    const notification = takeNotification();
    if (!notification) return;
    showToast(notification, translate, takeMutation);
  }, [notifications, takeNotification, takeMutation, translate]);

  return <ToastContainer {...TOAST_CONTAINER_SETTINGS} />;
}

type Translate = ReturnType<typeof useTranslate>;
type TakeMutation = ReturnType<typeof useTakeUndoableMutation>;

function showToast({ message, type, notificationOptions = {} }: NotificationPayload, translate: Translate, takeMutation: TakeMutation) {
  const { autoHideDuration, messageArgs, undoable } = notificationOptions;
  const text: ReactNode =
    typeof message === 'string' ? translate(message, { _: message, ...messageArgs }) : isValidElement(message) ? message : null;
  // null disables auto close in react-admin; undefined keeps the shell default.
  const autoClose = autoHideDuration === undefined ? undefined : autoHideDuration || false;

  if (!undoable) {
    toast(text, { type, autoClose });
    return;
  }
  let undone = false;
  const id = toast(
    <UndoableToast
      message={text}
      undoLabel={translate('ra.action.undo')}
      onUndo={() => {
        undone = true;
        takeMutation()?.({ isUndo: true });
        toast.dismiss(id);
      }}
    />,
    {
      type,
      autoClose,
      onClose: () => {
        if (!undone) takeMutation()?.({ isUndo: false });
      },
    },
  );
}
