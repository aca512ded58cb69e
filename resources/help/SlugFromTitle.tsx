import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';

/** "Access tokens: a guide" → "access-tokens-a-guide". */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

/** On a new page, fills the slug from the title until someone edits the slug by hand. */
export function SlugFromTitle() {
  const { setValue, getFieldState } = useFormContext();
  const title: unknown = useWatch({ name: 'Title' });
  useEffect(() => {
    if (typeof title !== 'string' || getFieldState('Slug').isDirty) return;
    setValue('Slug', slugify(title), { shouldDirty: false });
  }, [title, setValue, getFieldState]);
  return null;
}
