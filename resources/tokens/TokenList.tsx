import { Typography } from '@mui/material';
import type { SxProps } from '@mui/material';
import { CreateButton, DataTable, SearchInput, TopToolbar } from 'react-admin';
import type { AccessToken } from '../../domain';
import { EmptyListState } from '../../src/ui/lists/EmptyListState';
import { ListPage } from '../../src/ui/lists/ListPage';
import { RevokeTokenButton } from './RevokeTokenButton';
import { formatDay, formatDayTime } from './tokenDates';
import { formatRateLimit } from '../../src/forms/RateLimitInputs';
import { tokenScopesLabel } from './tokenScopes';
import { TokenStatusChip } from './TokenStatusChip';

/** Columns typed with the record, so that render() gets a AccessToken. */
const Column = DataTable.Col<AccessToken>;

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search by name" />];

const ListActions = () => (
  <TopToolbar>
    <CreateButton label="New token" />
  </TopToolbar>
);

/** The token's own limits, or the organization's when it sets none. */
function rateLimitText(token: AccessToken): string {
  if (token.RequestsPerMinute === null && token.TokensPerMinute === null) return "Organization's";
  const parts = [formatRateLimit(token.RequestsPerMinute, 'requests', ''), formatRateLimit(token.TokensPerMinute, 'tokens', '')].filter(Boolean);
  return parts.join(', ');
}

/** Revoked and expired tokens stay listed, in secondary text: fading the row would fall below AA contrast (3.69:1). */
const INACTIVE_ROW: SxProps = { '& td, & .MuiChip-label': { color: 'text.secondary' } };
const rowSx = (token: AccessToken): SxProps => (token.Status === 'active' ? {} : INACTIVE_ROW);

export function TokenList() {
  return (
    <ListPage
      title="Access Tokens"
      subtitle="Tokens that let scripts and apps call the API as you. A token's secret is shown once, when it is created."
      sort={{ field: 'CreatedAt', order: 'DESC' }}
      filters={filters}
      actions={<ListActions />}
      empty={
        <EmptyListState
          title="No access tokens yet"
          text="An access token lets scripts and apps call the gateway (and, with the admin scope, the API) as you, with Authorization: Bearer <token>."
          createLabel="New token"
        />
      }
    >
      <DataTable<AccessToken> rowClick={false} bulkActionButtons={false} rowSx={rowSx}>
        <Column source="Name" />
        <Column
          source="MaskedSecret"
          label="Token"
          disableSort
          render={(token) => <Typography sx={{ fontFamily: 'monospace', fontSize: 14 }}>{token.MaskedSecret}</Typography>}
        />
        <Column source="Scopes" disableSort render={(token) => tokenScopesLabel(token.Scopes)} />
        <Column source="Status" disableSort render={(token) => <TokenStatusChip status={token.Status} />} />
        <Column source="CreatedAt" label="Created" render={(token) => formatDay(token.CreatedAt)} />
        <Column source="ExpiresAt" label="Expires" render={(token) => formatDay(token.ExpiresAt, 'Never')} />
        <Column source="LastUsedAt" label="Last used" render={(token) => formatDayTime(token.LastUsedAt, 'Never used')} />
        <Column source="RequestsPerMinute" label="Rate limit" disableSort render={rateLimitText} />
        <Column label="Actions" disableSort align="right">
          <RevokeTokenButton />
        </Column>
      </DataTable>
    </ListPage>
  );
}
