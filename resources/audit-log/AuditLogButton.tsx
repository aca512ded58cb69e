import HistoryIcon from '@mui/icons-material/History';
import { Button } from '@mui/material';
import { Link } from 'react-router-dom';
import { auditLogLink } from './auditLinks';

/** List toolbar button: the audit log of one resource ("customers", "users"…), newest first. */
export function AuditLogButton({ resource }: { resource: string }) {
  return (
    <Button component={Link} to={auditLogLink({ Resource: resource })} size="small" startIcon={<HistoryIcon />}>
      Audit log
    </Button>
  );
}
