import LockIcon from '@mui/icons-material/LockOutlined';
import { Chip } from '@mui/material';

/** Marks a help page that ships with the console (read-only). */
export function BuiltInChip() {
  return <Chip size="small" icon={<LockIcon />} label="Built-in" variant="outlined" />;
}
