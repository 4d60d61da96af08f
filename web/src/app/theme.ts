import { createTheme, type MantineColorsTuple } from '@mantine/core';

// One brand colour: a deep emerald that reads as "money, safe".
const brand: MantineColorsTuple = [
  '#e6fcf5',
  '#c3fae8',
  '#96f2d7',
  '#63e6be',
  '#38d9a9',
  '#20c997',
  '#12b886',
  '#0ca678',
  '#099268',
  '#087f5b',
];

export const FONT_STACK =
  '"Noto Sans Thai", "Noto Sans Lao", "Noto Sans", system-ui, -apple-system, "Segoe UI", Roboto, "Leelawadee UI", "Lao UI", sans-serif';

export const theme = createTheme({
  primaryColor: 'brand',
  // Shade 9: white button labels on it reach 5:1 (WCAG AA); shade 8 gave 3.9:1.
  primaryShade: 9,
  colors: { brand },
  fontFamily: FONT_STACK,
  headings: { fontFamily: FONT_STACK, fontWeight: '700' },
  defaultRadius: 'md',
  radius: { md: '12px', lg: '16px', xl: '24px' },
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { size: 'md', radius: 'xl' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    Select: { defaultProps: { size: 'md' } },
    Paper: { defaultProps: { radius: 'lg' } },
    // Mantine's badges are capitals; English labels stay in sentence case (Thai and Lao have no case).
    Badge: { styles: { root: { textTransform: 'none' } } },
  },
});
