import { Box } from '@mui/material';
import { Link } from 'react-router-dom';
import { useAppMeta } from '../startup/AppMetaContext';

export const DEFAULT_LOGO = '/logo.svg';

/** The deployment's logo, linking to / (§2.5). */
export function ProductLogo() {
  const { Title, Theme } = useAppMeta();
  return (
    <Box
      component={Link}
      to="/"
      aria-label={`${Title} home`}
      sx={{ display: 'inline-flex', alignItems: 'center', bgcolor: 'common.white', borderRadius: 1, p: 0.5, mr: 1.5, flexShrink: 0 }}
    >
      <Box component="img" src={Theme.Logo ?? DEFAULT_LOGO} alt={Title} sx={{ height: 24, maxWidth: 120, display: 'block' }} />
    </Box>
  );
}
