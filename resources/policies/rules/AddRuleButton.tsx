import AddIcon from '@mui/icons-material/Add';
import { Button } from '@mui/material';
import { useSimpleFormIterator } from 'react-admin';
import { newRule } from './newRule';

export function AddRuleButton() {
  const { add } = useSimpleFormIterator();
  return (
    <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={() => add(newRule())}>
      Add rule
    </Button>
  );
}
