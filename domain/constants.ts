// Business constants and limits (§9) and shell constants (§2, §8).
export const HTTP_TIMEOUT_MS = 300_000;
export const AUTH_STORAGE_KEY = 'AuthStorage';
export const TOAST_AUTO_CLOSE_MS = 3000;
export const TOAST_LIBRARY_DEFAULT_AUTO_CLOSE_MS = 5000;
export const DEFAULT_THEME_COLOR = '#3478F6';
export const DEFAULT_HOME_ROUTE = '/chat';
export const DEFAULT_APP_VERSION = '1.0.0';
export const DEFAULT_TITLE = 'AI Governance Console';
export const DEFAULT_DEPLOYMENT_TYPE = 'cloud';
export const AVATAR_FALLBACK_DELAY_MS = 600;
export const PRINT_HELPER_DELAY_MS = 500;
export const TOKEN_EXPIRY_DAYS = [0, 7, 30, 60, 90, 180, 365] as const;
export type TokenExpiryDays = (typeof TOKEN_EXPIRY_DAYS)[number];
export const LOADING_TEXT = 'please wait...';
export const LOGOUT_PATH = '/auth/google/logout';

export const CONFIRM_DEFAULT_TITLE = 'Are you sure?';
export const CONFIRM_DEFAULT_MESSAGE = 'This action cannot be reversed';
export const LOGOUT_CONFIRM_TITLE = 'Logout';
export const LOGOUT_CONFIRM_TEXT = 'Are you sure you want to logout?';
export const CRASH_TITLE = 'Something Went Wrong';
export const CRASH_TEXT = 'Application faced an error while performing certain action. Please refresh and try again.';

export const DEFAULT_FEATURES = {
  CopyrightCheck: true,
  VoraDashboard: false,
  VoraPDashboard: false,
  EnableSearchSummary: false,
  Verification: true,
} as const;
