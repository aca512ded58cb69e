import { z } from 'zod';
import { DEPLOYMENT_TYPES } from '../enums';
import { FeaturesSchema, HexColorSchema } from './meta';
import { optionalText, requiredText } from './fields';
import { RateLimitsInputSchema } from './rate-limits';
import { AllowedToolNamesInputSchema } from './tool-names';

const imageRef = (label: string) =>
  optionalText(label, 200_000).refine(
    (value) => value === null || /^(https?:\/\/|\/)[^\s]*$/.test(value) || /^data:image\/(png|jpeg|gif|svg\+xml|webp|x-icon|vnd\.microsoft\.icon);base64,[A-Za-z0-9+/=]+$/.test(value),
    `${label} must be an http(s) URL, a path, or an uploaded image`,
  );

export const SystemSettingsSchema = z.object({
  id: z.string(),
  Title: z.string(),
  Icon: z.string().nullable(),
  Logo: z.string().nullable(),
  Favicon: z.string().nullable(),
  ThemeColor: z.string(),
  DefaultHomePageRoute: z.string(),
  DeploymentType: z.enum(DEPLOYMENT_TYPES),
  Features: FeaturesSchema,
  /** The organization's gateway limits, the default of each member (null: the deployment's). */
  RequestsPerMinute: z.number().int().nullable(),
  TokensPerMinute: z.number().int().nullable(),
  /** The deployment's default requests a minute (GATEWAY_RATE_LIMIT_RPM), shown beside an empty limit. */
  DefaultRequestsPerMinute: z.number().int(),
  /** Gateway requests may carry image parts (to vision models); default false: refused, since the policies cannot read images. */
  GatewayImagesAllowed: z.boolean(),
  /** The function names a gateway request may offer a model; null: any name. */
  GatewayAllowedTools: z.array(z.string()).nullable(),
});
export type SystemSettings = z.infer<typeof SystemSettingsSchema>;

export const SystemSettingsInputSchema = z.object({
  Title: requiredText('Title', 80),
  Icon: imageRef('Icon'),
  Logo: imageRef('Logo'),
  Favicon: imageRef('Favicon'),
  ThemeColor: HexColorSchema,
  DefaultHomePageRoute: z
    .string({ error: 'Default home route is required' })
    .trim()
    .regex(/^\/[A-Za-z0-9/_-]*$/, 'Default home route must be a path like /chat'),
  Features: FeaturesSchema,
  GatewayImagesAllowed: z.boolean({ error: 'Allow images must be true or false' }).optional(),
  GatewayAllowedTools: AllowedToolNamesInputSchema,
}).extend(RateLimitsInputSchema.shape);
export type SystemSettingsInput = z.input<typeof SystemSettingsInputSchema>;
