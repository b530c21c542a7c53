// Breakpoints follow the specs (576/768/1200) and the Mantine theme in src/app/theme.ts.
const autoRem = require('postcss-preset-mantine/dist/auto-rem.js');

/**
 * Mantine's per-component stylesheets (`@mantine/core/styles/*.css`) give sizes in px, its whole
 * `styles.css` the same rules in rem times `--mantine-scale`, so they grow with the reader's font
 * size. The screens import per-component files (guest-styles.css, shell-styles.css,
 * screen-styles.css); this turns them into exactly the whole file's rules (checked in
 * src/app/mantine-styles.test.ts). The app's own CSS keeps its units.
 */
function mantineComponentsInRem() {
  const convert = autoRem();
  return {
    postcssPlugin: 'haven-mantine-components-in-rem',
    Declaration(decl, helpers) {
      if (decl.source?.input.file?.includes('/@mantine/core/styles/'))
        convert.Declaration(decl, helpers);
    },
  };
}
mantineComponentsInRem.postcss = true;

module.exports = {
  plugins: [
    mantineComponentsInRem(),
    require('postcss-preset-mantine')(),
    require('postcss-simple-vars')({
      variables: {
        'mantine-breakpoint-xs': '36em',
        'mantine-breakpoint-sm': '48em',
        'mantine-breakpoint-md': '62em',
        'mantine-breakpoint-lg': '75em',
        'mantine-breakpoint-xl': '88em',
      },
    }),
  ],
};
