// Company search form rules of §5.
export const INVALID_WEBSITE_MESSAGE = 'Please enter a valid website';
export const SITE_OR_NAME_AND_LOCATION_MESSAGE = 'Please provide either a site link OR both company name and location';
export const FIX_VALIDATION_TOOLTIP = 'Please fix validation errors before submitting';

export interface CompanySearchInput {
  siteLink?: string;
  accountName?: string;
  location?: string;
}

export function normalizeSiteLink(siteLink: string | undefined): string {
  const trimmed = (siteLink ?? '').trim();
  if (!trimmed) return '';
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

export function validateCompanySearch(input: CompanySearchInput): {
  values: Required<CompanySearchInput>;
  errors: Partial<Record<keyof CompanySearchInput, string>>;
} {
  const siteLink = normalizeSiteLink(input.siteLink);
  const accountName = (input.accountName ?? '').trim();
  const location = (input.location ?? '').trim();
  const errors: Partial<Record<keyof CompanySearchInput, string>> = {};
  if (siteLink && (!siteLink.includes('.') || /\s/.test(siteLink))) errors.siteLink = INVALID_WEBSITE_MESSAGE;
  if (!siteLink && !(accountName && location)) errors.accountName = SITE_OR_NAME_AND_LOCATION_MESSAGE;
  return { values: { siteLink, accountName, location }, errors };
}
