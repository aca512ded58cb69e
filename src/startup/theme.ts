import { defaultLightTheme } from 'react-admin';
import type { RaThemeOptions } from 'react-admin';

export const SIDEBAR_WIDTH = 300;
export const SIDEBAR_CLOSED_WIDTH = 56;

/** react-admin's light theme in the deployment's colour. */
export function buildTheme(themeColor: string): RaThemeOptions {
  return {
    ...defaultLightTheme,
    palette: { ...defaultLightTheme.palette, primary: { main: themeColor } },
    sidebar: { width: SIDEBAR_WIDTH, closedWidth: SIDEBAR_CLOSED_WIDTH },
  };
}
