import ForumIcon from '@mui/icons-material/ForumOutlined';
import { EmptyListState } from '../../ui/lists/EmptyListState';

/** Product and customer admins belong to no organization, so there are no models, policies or records to chat with. */
export function NoOrganizationState() {
  return (
    <EmptyListState
      icon={<ForumIcon color="disabled" sx={{ fontSize: 48 }} />}
      title="Chat needs organization membership"
      text="Chat runs every prompt through an organization's models and policies, and your account does not belong to an organization. Sign in with an organization account to chat."
    />
  );
}
