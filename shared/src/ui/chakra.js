/**
 * The Chakra UI the suite ships: what Module Federation provides under the `@chakra-ui/react`
 * share key (shared/tools/webpack.cjs), so every bundle imports `@chakra-ui/react` as usual and
 * the page holds one Chakra. Sharing the package's full index would ship every component and its
 * state machines (~300 KB gzip) to every route; this entry lists the components in use.
 *
 * Plain JavaScript on purpose: it is not part of @suite/shared's compiled API, only a bundling
 * entry. Tests resolve `@chakra-ui/react` here too (jest preset), and a host-shell test checks
 * that every name the front end imports from `@chakra-ui/react` is listed. Types still come from
 * the package. To use another component, add it below, with its recipe in `defaultConfig`.
 */
import { defaultBaseConfig } from '@chakra-ui/react/preset-base';
import { defineConfig } from '@chakra-ui/react/styled-system';
// `#chakra-theme/` is an alias (webpack.cjs, jest preset) of the modules behind
// `@chakra-ui/react/theme`: that index builds the full default theme at load time, which keeps
// every recipe in the bundle however little of it is imported.
import { breakpoints } from '#chakra-theme/breakpoints.js';
import { globalCss } from '#chakra-theme/global-css.js';
import { layerStyles } from '#chakra-theme/layer-styles.js';
import { animationStyles } from '#chakra-theme/motion-styles.js';
import { textStyles } from '#chakra-theme/text-styles.js';
import { animations } from '#chakra-theme/tokens/animations.js';
import { aspectRatios } from '#chakra-theme/tokens/aspect-ratios.js';
import { blurs } from '#chakra-theme/tokens/blurs.js';
import { borders } from '#chakra-theme/tokens/borders.js';
import { colors } from '#chakra-theme/tokens/colors.js';
import { cursor } from '#chakra-theme/tokens/cursor.js';
import { durations } from '#chakra-theme/tokens/durations.js';
import { easings } from '#chakra-theme/tokens/easings.js';
import { fontSizes } from '#chakra-theme/tokens/font-sizes.js';
import { fontWeights } from '#chakra-theme/tokens/font-weights.js';
import { fonts } from '#chakra-theme/tokens/fonts.js';
import { keyframes } from '#chakra-theme/tokens/keyframes.js';
import { letterSpacings } from '#chakra-theme/tokens/letter-spacing.js';
import { lineHeights } from '#chakra-theme/tokens/line-heights.js';
import { radii } from '#chakra-theme/tokens/radius.js';
import { sizes } from '#chakra-theme/tokens/sizes.js';
import { spacing } from '#chakra-theme/tokens/spacing.js';
import { zIndices } from '#chakra-theme/tokens/z-indices.js';
import { semanticColors } from '#chakra-theme/semantic-tokens/colors.js';
import { semanticRadii } from '#chakra-theme/semantic-tokens/radii.js';
import { semanticShadows } from '#chakra-theme/semantic-tokens/shadows.js';
import { buttonRecipe } from '#chakra-theme/recipes/button.js';
import { headingRecipe } from '#chakra-theme/recipes/heading.js';
import { inputRecipe } from '#chakra-theme/recipes/input.js';
import { linkRecipe } from '#chakra-theme/recipes/link.js';
import { spinnerRecipe } from '#chakra-theme/recipes/spinner.js';
import { alertSlotRecipe } from '#chakra-theme/recipes/alert.js';
import { cardSlotRecipe } from '#chakra-theme/recipes/card.js';
import { fieldSlotRecipe } from '#chakra-theme/recipes/field.js';
import { tableSlotRecipe } from '#chakra-theme/recipes/table.js';

/**
 * The colour palettes the screens use: `colorPalette="red"`, the status colours of alerts and
 * fields (red, orange, green, blue) and gray, the recipes' default; `brand` is the profile's
 * (theme/index.ts). Every palette is work for createSystem when a page starts (five unused ones
 * were a quarter of it, docs/adr/0019); host-shell's chakraEntry test fails on a palette not kept.
 */
export const COLOR_PALETTES = ['gray', 'red', 'orange', 'green', 'blue'];
const CHAKRA_PALETTES = ['gray', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'cyan', 'purple', 'pink'];
const keptPalettes = (all) =>
  Object.fromEntries(Object.entries(all).filter(([name]) => !CHAKRA_PALETTES.includes(name) || COLOR_PALETTES.includes(name)));

/**
 * Chakra's default theme (tokens, semantic tokens, global styles) with the recipes of the
 * components listed here only; the package's own defaultConfig carries every recipe. Unlike the
 * package's, it does not hold defaultBaseConfig (conditions, utilities): a system is
 * `createSystem(defaultBaseConfig, defaultConfig, …)`, which merges (deep-copies) the whole
 * configuration once, when the page starts, rather than once more when this module loads.
 */
export const defaultConfig = defineConfig({
  preflight: true,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: {
      aspectRatios,
      animations,
      blurs,
      borders,
      colors: keptPalettes(colors),
      durations,
      easings,
      fonts,
      fontSizes,
      fontWeights,
      letterSpacings,
      lineHeights,
      radii,
      spacing,
      sizes,
      zIndex: zIndices,
      cursor,
    },
    semanticTokens: { colors: keptPalettes(semanticColors), shadows: semanticShadows, radii: semanticRadii },
    textStyles,
    layerStyles,
    animationStyles,
    recipes: { button: buttonRecipe, heading: headingRecipe, input: inputRecipe, link: linkRecipe, spinner: spinnerRecipe },
    slotRecipes: { alert: alertSlotRecipe, card: cardSlotRecipe, field: fieldSlotRecipe, table: tableSlotRecipe },
  },
});

export {
  ChakraProvider,
  chakra,
  createRecipeContext,
  createSlotRecipeContext,
  createSystem,
  defineConfig,
  defineRecipe,
  defineSemanticTokens,
  defineSlotRecipe,
  defineStyle,
  defineTokens,
  mergeConfigs,
  useChakraContext,
  useRecipe,
  useSlotRecipe,
  useToken,
} from '@chakra-ui/react/styled-system';
export { defaultBaseConfig };

export { Box } from '@chakra-ui/react/box';
export { Flex } from '@chakra-ui/react/flex';
export { Stack, HStack, VStack } from '@chakra-ui/react/stack';
export { Center } from '@chakra-ui/react/center';
export { Group } from '@chakra-ui/react/group';
export { Heading } from '@chakra-ui/react/heading';
export { Text } from '@chakra-ui/react/text';
export { Link } from '@chakra-ui/react/link';
export { VisuallyHidden } from '@chakra-ui/react/visually-hidden';
export { Button, IconButton } from '@chakra-ui/react/button';
export { Input } from '@chakra-ui/react/input';
export { InputGroup } from '@chakra-ui/react/input-group';
export { Field } from '@chakra-ui/react/field';
export { Card } from '@chakra-ui/react/card';
export { Alert } from '@chakra-ui/react/alert';
export { Table } from '@chakra-ui/react/table';
export { Spinner } from '@chakra-ui/react/spinner';
