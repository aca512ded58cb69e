import ConstructionIcon from '@mui/icons-material/ConstructionOutlined';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { Title } from 'react-admin';

/** The body of a screen that a later release fills; the route, its guard and its menu entry are live already. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={title} />
      <Card variant="outlined">
        <CardContent sx={{ py: 8, display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 1.5 }}>
          <ConstructionIcon color="primary" sx={{ fontSize: 48 }} />
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          <Typography color="text.secondary">{`The ${title} screen is coming soon.`}</Typography>
        </CardContent>
      </Card>
    </Box>
  );
}
