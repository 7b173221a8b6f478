// Mantine's breakpoints as Sass-style variables for CSS modules. `sm` is 769px, not Mantine's 768px,
// because the spec's phone layout includes 768px (MOBILE_MAX_WIDTH in @stockpot/domain); keep in
// step with `breakpoints` in src/app/theme.ts.
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
    'postcss-simple-vars': {
      variables: {
        'mantine-breakpoint-xs': '36em',
        'mantine-breakpoint-sm': '48.0625em',
        'mantine-breakpoint-md': '62em',
        'mantine-breakpoint-lg': '75em',
        'mantine-breakpoint-xl': '88em',
      },
    },
  },
};
