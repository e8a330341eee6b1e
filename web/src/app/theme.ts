import { MOBILE_BREAKPOINT_PX } from '@app/common/constants';
import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** A deep savanna green for actions, with an ochre accent: readable in sunlight on cheap screens. */
const brand: MantineColorsTuple = [
  '#e7f8ef',
  '#d2eee0',
  '#a4dcc0',
  '#72c99d',
  '#4ab980',
  '#30ae6d',
  '#20a863',
  '#0f9352',
  '#038347',
  '#00703b',
];
const ochre: MantineColorsTuple = [
  '#fff6e1',
  '#ffecca',
  '#fdd799',
  '#fcc163',
  '#fbae36',
  '#faa21a',
  '#fa9b09',
  '#df8600',
  '#c67600',
  '#ac6500',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 5 },
  colors: { brand, ochre },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  breakpoints: { xs: '36em', sm: `${MOBILE_BREAKPOINT_PX / 16}em`, md: '62em', lg: '75em', xl: '88em' },
  components: {
    Modal: {
      defaultProps: { centered: true, overlayProps: { backgroundOpacity: 0.45 } },
      styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } },
    },
    // Select, MultiSelect and pickers: a dropdown positioned `absolute` in the page could stick
    // out of a phone's screen for a moment; the mobile browser then widened the page, the dialog
    // grew and the dropdown moved further right (issue 7). Positioned `fixed`, it is laid out
    // against the screen and never widens the page.
    Combobox: { defaultProps: { floatingStrategy: 'fixed' } },
    Badge: { defaultProps: { tt: 'none' } },
    TextInput: { defaultProps: { size: 'md' } },
    // Amounts and quantities are whole numbers: with leading zeros allowed, a field holding 0 that
    // a user typed 12 after ("012") passed the string "01" on the way, which the screens took as
    // empty, and recorded 2 (a stock count, a payment). Without, "01" is the number 1.
    NumberInput: { defaultProps: { allowLeadingZeros: false } },
    PasswordInput: { defaultProps: { size: 'md' } },
  },
});
