import { IdentityProviderCreateSchema, IdentityProviderInputSchema } from '../../domain';
import { zodValidator } from '../../src/forms/zodValidator';

/** The domain schema of create or update; a customer admin must also pick one of their organizations. */
export function idpValidator({ isNew, needsOrganization }: { isNew: boolean; needsOrganization: boolean }) {
  const bySchema = zodValidator(isNew ? IdentityProviderCreateSchema : IdentityProviderInputSchema);
  return (values: Record<string, unknown>) => {
    const errors = bySchema(values);
    if (needsOrganization && !values.OrganizationId) errors.OrganizationId ??= 'Organization is required';
    return errors;
  };
}
