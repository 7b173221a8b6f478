import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

// Shade 6 is the brand green #1f6f5c; white text on it passes WCAG AA (about 6:1).
const stockpot: MantineColorsTuple = [
  '#eaf6f2',
  '#d3ebe3',
  '#a6d6c6',
  '#75c0a7',
  '#4dab8c',
  '#35957a',
  '#1f6f5c',
  '#1a5f4f',
  '#144d40',
  '#0d3a30',
];

// Warm accent for badges and highlights (the orange of the logo's pot label).
const saffron: MantineColorsTuple = [
  '#fff5e6',
  '#fde7c8',
  '#f9cf8f',
  '#f5b653',
  '#f2a541',
  '#ee9a2a',
  '#d9841a',
  '#b86d12',
  '#94570d',
  '#6f4008',
];

const fontFamily = "Inter, 'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', Arial, sans-serif";

export const theme = createTheme({
  primaryColor: 'stockpot',
  primaryShade: 6,
  colors: { stockpot, saffron },
  fontFamily,
  headings: { fontFamily, fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  // sm is 769px so Mantine's "from sm" means the spec's desktop (wider than 768px); keep in step with postcss.config.cjs.
  breakpoints: { xs: '36em', sm: '48.0625em', md: '62em', lg: '75em', xl: '88em' },
  components: {
    Button: { defaultProps: { fw: 600 } },
    // Every dialog's X gets a name for screen readers; a modal may still name it more exactly.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // A notice's X otherwise has no accessible name (axe button-name); 'Dismiss' keeps it apart from a dialog's Close.
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss notice' } } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
  },
});

/**
 * Mantine's default dimmed grey (#868e96) and error red (#fa5252) fall short of WCAG AA on white
 * (about 3.3:1); these shades pass (over 5:1) for hints, field errors and invalid input text.
 */
export const cssVariablesResolver: CSSVariablesResolver = (mantineTheme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': mantineTheme.colors.gray[7],
    '--mantine-color-error': mantineTheme.colors.red[9],
  },
  dark: {},
});
