import { useCallback, useState } from 'react';
import { useNotify } from 'react-admin';

const COPIED_FOR_MS = 2000;

/** Copies text with the Clipboard API; `copied` stays true for a moment so the button can say so. */
export function useCopyToClipboard() {
  const notify = useNotify();
  const [copied, setCopied] = useState(false);

  const copy = useCallback(
    async (text: string) => {
      try {
        await navigator.clipboard.writeText(text);
        setCopied(true);
        setTimeout(() => setCopied(false), COPIED_FOR_MS);
        notify('Copied to the clipboard', { type: 'success' });
      } catch {
        notify('The browser did not allow copying. Select the text and copy it by hand.', { type: 'warning' });
      }
    },
    [notify],
  );

  return { copy, copied };
}
