import { darken, getContrastRatio } from '@mui/material/styles';
import { defaultLightTheme } from 'react-admin';
import type { RaThemeOptions } from 'react-admin';

export const SIDEBAR_WIDTH = 300;
export const SIDEBAR_CLOSED_WIDTH = 56;

/** WCAG 2 AA: normal text needs 4.5:1 against its background, large text (≥ 14pt bold or 18pt) 3:1. */
export const AA_TEXT_CONTRAST = 4.5;
export const AA_LARGE_TEXT_CONTRAST = 3;
const WHITE = '#ffffff';
const DARK_TEXT = '#0b1526';
/**
 * The darkest light grey the console puts behind coloured text: hovered and selected rows, focused filled inputs,
 * toolbars (MUI grey[300]). A colour that reaches 4.5:1 on it reaches it on white too.
 */
/** MUI's default status colours, darkened where needed by readableOnLight. */
const MUI_ERROR = '#d32f2f';
const MUI_WARNING = '#ed6c02';
const MUI_INFO = '#0288d1';
const MUI_SUCCESS = '#2e7d32';
export const LIGHT_SURFACE = '#e0e0e0';

/**
 * A colour used as text on the light page (links, text buttons, focused labels, chips): the colour itself when it
 * reaches 4.5:1 on LIGHT_SURFACE, else the same hue darkened just enough. #3478F6 reaches only 3.4:1 there (4.06:1 on
 * white), so links and buttons use a darker blue; the top bar keeps the exact theme colour (see topBarColors).
 */
export function readableOnLight(color: string): string {
  if (getContrastRatio(color, LIGHT_SURFACE) >= AA_TEXT_CONTRAST) return color;
  for (let step = 1; step <= 50; step += 1) {
    const shade = darken(color, step * 0.02);
    if (getContrastRatio(shade, LIGHT_SURFACE) >= AA_TEXT_CONTRAST) return shade;
  }
  return DARK_TEXT;
}

export interface TopBarColors {
  /** The theme colour, exactly as System Settings sets it. */
  background: string;
  text: string;
  /**
   * The bar's text must be large (bold, ≥ 14pt) to reach AA: white on the theme colour is between 3:1 and 4.5:1
   * (the default #3478F6: 4.06:1).
   */
  largeText: boolean;
}

/** Text colour and size for the top bar on the theme colour, so that its text reaches WCAG 2 AA. */
export function topBarColors(themeColor: string): TopBarColors {
  const white = getContrastRatio(themeColor, WHITE);
  if (white >= AA_TEXT_CONTRAST) return { background: themeColor, text: WHITE, largeText: false };
  if (white >= AA_LARGE_TEXT_CONTRAST) return { background: themeColor, text: WHITE, largeText: true };
  return { background: themeColor, text: DARK_TEXT, largeText: getContrastRatio(themeColor, DARK_TEXT) < AA_TEXT_CONTRAST };
}

/** react-admin's light theme in the deployment's colour, with text colours that reach WCAG 2 AA. */
export function buildTheme(themeColor: string): RaThemeOptions {
  const bar = topBarColors(themeColor);
  return {
    ...defaultLightTheme,
    palette: {
      ...defaultLightTheme.palette,
      primary: { main: readableOnLight(themeColor) },
      error: { main: readableOnLight(MUI_ERROR) },
      warning: { main: readableOnLight(MUI_WARNING) },
      info: { main: readableOnLight(MUI_INFO) },
      success: { main: readableOnLight(MUI_SUCCESS) },
      // Filled buttons and chips pick white or dark text by 4.5:1, not MUI's default 3:1.
      contrastThreshold: AA_TEXT_CONTRAST,
    },
    sidebar: { width: SIDEBAR_WIDTH, closedWidth: SIDEBAR_CLOSED_WIDTH },
    components: {
      ...defaultLightTheme.components,
      // A progress indicator is announced by name (WCAG 4.1.2); pages that know what loads pass their own label.
      MuiCircularProgress: { defaultProps: { 'aria-label': 'Loading' } },
      MuiLinearProgress: { defaultProps: { 'aria-label': 'Loading' } },
      // A keyboard focus that shows (WCAG 2.4.7): MUI drops the browser's outline on buttons and shows only a faint
      // ripple. A ring in the text's own colour is visible on the page and on the coloured top bar alike; filled
      // buttons, whose text is white, take the primary colour for the ring that sits on the page around them.
      MuiButtonBase: {
        styleOverrides: { root: { '&.Mui-focusVisible': { outline: '2px solid currentColor', outlineOffset: 2 } } },
      },
      MuiButton: {
        styleOverrides: { contained: { '&.Mui-focusVisible': { outlineColor: readableOnLight(themeColor) } } },
      },
      MuiAppBar: {
        styleOverrides: {
          // The bar wears the exact theme colour (MUI reads these variables), not the darkened accent.
          colorPrimary: { '--AppBar-background': bar.background, '--AppBar-color': bar.text },
        },
      },
    },
  };
}
