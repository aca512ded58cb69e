import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { Create } from 'react-admin';
import type { CreateProps, RaRecord } from 'react-admin';
import { PageHeading } from './PageHeading';

export interface CreatePageProps<T extends RaRecord> extends Omit<CreateProps<T>, 'title'> {
  /** The h1 and the top bar's title. */
  title: string;
  /** One line on what is being created. */
  subtitle: ReactNode;
}

/** A resource's create screen: the heading with its one-line description, then react-admin's create form. */
export function CreatePage<T extends RaRecord>({ title, subtitle, children, ...createProps }: CreatePageProps<T>) {
  return (
    <Box>
      <PageHeading title={title} subtitle={subtitle} />
      <Create<T> title={title} {...createProps}>
        {children}
      </Create>
    </Box>
  );
}
