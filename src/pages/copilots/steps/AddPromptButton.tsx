import AddIcon from '@mui/icons-material/Add';
import { Button } from '@mui/material';
import { useSimpleFormIterator } from 'react-admin';

export function AddPromptButton() {
  const { add } = useSimpleFormIterator();
  return (
    <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={() => add({ Title: '', Prompt: '' })}>
      Add prompt
    </Button>
  );
}
