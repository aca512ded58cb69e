import { DataSourceCreateSchema, DataSourceInputSchema } from '../../domain';
import { zodValidator } from '../../src/forms/zodValidator';
import { toDataSourcePayload } from './dataSourcePayload';

const create = zodValidator(DataSourceCreateSchema);
const update = zodValidator(DataSourceInputSchema);

/** The domain schema (per-app connection rules; every secret on create) on what would be sent. */
export function dataSourceValidator(isNew: boolean) {
  return (values: Record<string, unknown>) => (isNew ? create : update)(toDataSourcePayload(values));
}
