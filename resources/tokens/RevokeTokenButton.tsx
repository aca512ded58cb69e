import BlockIcon from '@mui/icons-material/Block';
import { useRecordContext } from 'react-admin';
import type { AccessToken } from '../../domain';
import { ConfirmDeleteButton } from '../../src/ui/actions/ConfirmDeleteButton';

/** DELETE /api/v1/tokens/:id revokes; the token stays listed as revoked. Only active tokens offer it. */
export function RevokeTokenButton() {
  const token = useRecordContext<AccessToken>();
  if (!token || token.Status !== 'active') return null;
  return (
    <ConfirmDeleteButton
      label="Revoke"
      icon={<BlockIcon />}
      successMessage={`Access token "${token.Name}" revoked`}
      confirmMessage={`Apps using "${token.Name}" will get 401 from now on. This action cannot be reversed`}
    />
  );
}
