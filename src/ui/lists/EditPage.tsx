import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { Edit } from 'react-admin';
import type { EditProps, RaRecord } from 'react-admin';
import { PageHeading } from './PageHeading';

export interface EditPageProps<T extends RaRecord> extends Omit<EditProps<T>, 'title'> {
  /** The h1 and the top bar's title. */
  title: string;
  /** One line on what the form changes. */
  subtitle: ReactNode;
}

/** A resource's edit screen: the heading with its one-line description, then react-admin's edit form. */
export function EditPage<T extends RaRecord>({ title, subtitle, children, ...editProps }: EditPageProps<T>) {
  return (
    <Box>
      <PageHeading title={title} subtitle={subtitle} />
      <Edit<T> title={title} {...editProps}>
        {children}
      </Edit>
    </Box>
  );
}
