import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { List } from 'react-admin';
import type { ListProps, RaRecord } from 'react-admin';
import { PageHeading } from './PageHeading';

export interface ListPageProps<T extends RaRecord> extends Omit<ListProps<T>, 'title'> {
  /** The h1 and the top bar's title. */
  title: string;
  /** One line on what the list is for. */
  subtitle: ReactNode;
  /** Shown between the heading and the list (settings or figures that belong to the whole list). */
  beforeList?: ReactNode;
}

/** A resource's list screen: the heading with its one-line description, then react-admin's list (filters, actions, empty state). */
export function ListPage<T extends RaRecord>({ title, subtitle, beforeList, children, ...listProps }: ListPageProps<T>) {
  return (
    <Box>
      <PageHeading title={title} subtitle={subtitle} />
      {beforeList}
      <List<T> title={title} {...listProps} sx={{ '& .RaList-main': { minWidth: 0 }, '& .RaList-content': { overflowX: 'auto' }, ...listProps.sx }}>
        {children}
      </List>
    </Box>
  );
}
