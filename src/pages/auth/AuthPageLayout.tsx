import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useAppMeta } from '../../startup/AppMetaContext';
import { DEFAULT_LOGO } from '../../layout/ProductLogo';

export interface AuthPageLayoutProps {
  heading: string;
  intro?: ReactNode;
  children: ReactNode;
}

/** The centred card of the pages shown without the shell: sign-in, password reset, welcome. */
export function AuthPageLayout({ heading, intro, children }: AuthPageLayoutProps) {
  const { Title: productTitle, Theme } = useAppMeta();
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        bgcolor: 'background.default',
        backgroundImage: (theme) =>
          `radial-gradient(circle at 20% 0%, ${theme.palette.primary.light}33 0, transparent 45%)`,
      }}
    >
      <Card variant="outlined" sx={{ width: '100%', maxWidth: 420 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 3 }}>
            <Box component="img" src={Theme.Logo ?? DEFAULT_LOGO} alt="" sx={{ height: 32 }} />
            <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
              {productTitle}
            </Typography>
          </Stack>
          <Typography variant="h5" component="h1" sx={{ mb: intro ? 1 : 3 }}>
            {heading}
          </Typography>
          {intro && (
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {intro}
            </Typography>
          )}
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
