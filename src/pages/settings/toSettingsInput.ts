import type { SystemSettings, SystemSettingsInput } from '../../../domain';

/** The PUT body: exactly the input fields (no id, no deployment type, no default); empty image fields and limits become null. */
export function toSettingsInput(values: SystemSettings): SystemSettingsInput {
  const image = (value: string | null | undefined) => (value ? value : null);
  return {
    Title: values.Title,
    Icon: image(values.Icon),
    Logo: image(values.Logo),
    Favicon: image(values.Favicon),
    ThemeColor: values.ThemeColor,
    DefaultHomePageRoute: values.DefaultHomePageRoute,
    Features: values.Features,
    RequestsPerMinute: values.RequestsPerMinute ?? null,
    TokensPerMinute: values.TokensPerMinute ?? null,
    GatewayImagesAllowed: values.GatewayImagesAllowed ?? false,
    GatewayAllowedTools: toolNames(values.GatewayAllowedTools),
  };
}

/** The form edits the names as one comma-separated text; empty means any tool (null). */
export function toolNames(value: unknown): string[] | null {
  const names = (Array.isArray(value) ? value.join(',') : typeof value === 'string' ? value : '').split(/[\s,]+/).filter(Boolean);
  return names.length ? names : null;
}
