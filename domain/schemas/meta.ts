import { z } from 'zod';
import { DEFAULT_APP_VERSION, DEFAULT_FEATURES, DEFAULT_HOME_ROUTE, DEFAULT_THEME_COLOR, DEFAULT_TITLE } from '../constants';
import { DEPLOYMENT_TYPES } from '../enums';

export const HexColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #3478F6');

export const FeaturesSchema = z.object({
  CopyrightCheck: z.boolean(),
  VoraDashboard: z.boolean(),
  VoraPDashboard: z.boolean(),
  EnableSearchSummary: z.boolean(),
  Verification: z.boolean(),
});
export type Features = z.infer<typeof FeaturesSchema>;

export const ThemeSchema = z.object({
  Icon: z.string().nullable(),
  Logo: z.string().nullable(),
  Favicon: z.string().nullable(),
  ThemeColor: HexColorSchema,
});

export const AppMetaSchema = z.object({
  Title: z.string(),
  Theme: ThemeSchema,
  Features: FeaturesSchema,
  DeploymentType: z.enum(DEPLOYMENT_TYPES),
  DefaultHomePageRoute: z.string(),
  Version: z.string(),
});
export type AppMeta = z.infer<typeof AppMetaSchema>;

export const DEFAULT_META: AppMeta = {
  Title: DEFAULT_TITLE,
  Theme: { Icon: null, Logo: null, Favicon: null, ThemeColor: DEFAULT_THEME_COLOR },
  Features: { ...DEFAULT_FEATURES },
  DeploymentType: 'cloud',
  DefaultHomePageRoute: DEFAULT_HOME_ROUTE,
  Version: DEFAULT_APP_VERSION,
};
