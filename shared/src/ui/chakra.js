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
import { defineConfig, mergeConfigs } from '@chakra-ui/react/styled-system';
import {
  alertSlotRecipe,
  animationStyles,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  semanticTokens,
  spinnerRecipe,
  tableSlotRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * Chakra's default configuration (tokens, semantic tokens, global styles) with the recipes of
 * the components listed here only; the package's own defaultConfig carries every recipe.
 */
export const defaultConfig = mergeConfigs(
  defaultBaseConfig,
  defineConfig({
    preflight: true,
    cssVarsPrefix,
    cssVarsRoot,
    globalCss,
    theme: {
      breakpoints,
      keyframes,
      tokens,
      semanticTokens,
      textStyles,
      layerStyles,
      animationStyles,
      recipes: { button: buttonRecipe, heading: headingRecipe, input: inputRecipe, link: linkRecipe, spinner: spinnerRecipe },
      slotRecipes: { alert: alertSlotRecipe, card: cardSlotRecipe, field: fieldSlotRecipe, table: tableSlotRecipe },
    },
  }),
);

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
