// ESLint for the web app (`npm run lint`, zero warnings allowed): JavaScript's
// and typescript-eslint's recommended rules, and React's hooks rules
// (eslint-plugin-react-hooks' recommended set: the rules of hooks, exhaustive
// effect dependencies and the React Compiler's checks of the rules of React).
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig, globalIgnores } from "eslint/config";
import globals from "globals";
import tseslint from "typescript-eslint";

export default defineConfig([
  globalIgnores(["dist/"]),
  {
    files: ["**/*.{ts,tsx,js}"],
    extends: [js.configs.recommended, tseslint.configs.recommended, reactHooks.configs.flat.recommended],
    languageOptions: {
      ecmaVersion: 2022,
      globals: { ...globals.browser },
    },
    rules: {
      // Unused names are type errors already (noUnusedLocals, noUnusedParameters);
      // a leading underscore marks one left on purpose.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" },
      ],
      // The server's types come through the API layer (src/api/types.ts).
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@dastyar/api/*", "**/bindings/*"],
              message: "Import the server's types from src/api/types.ts; the rules' from @dastyar/rules.",
            },
          ],
        },
      ],
    },
  },
  {
    // @dastyar/rules/lazy and /urls are fetched when first needed (src/canvas/lazyRules.ts,
    // src/canvas/urlRules.ts): a static import would load them with the first paint.
    // Types and tests may.
    files: ["src/**/*.{ts,tsx}", "shared/**/*.ts"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@dastyar/rules/lazy",
              allowTypeImports: true,
              message: "Take the lazy rules from src/canvas/lazyRules.ts (useLazyRules or loadLazyRules).",
            },
            {
              name: "@dastyar/rules/urls",
              allowTypeImports: true,
              message: "Take the URL rules from src/canvas/urlRules.ts (useUrlRules, loadUrlRules or urlRulesNow).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/api/types.ts"],
    rules: { "no-restricted-imports": "off" },
  },
  {
    files: ["vite.config.ts", "eslint.config.js"],
    languageOptions: { globals: { ...globals.node } },
  },
]);
