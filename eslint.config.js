import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import importCycles from "./eslint-rules/import-cycles.js";

/**
 * The layers of app/server, lowest first (each folder's README says what belongs there). A
 * layer imports only from the layers below it and from app/lib; app/lib and the components
 * never import server code. Listed once here, checked by `npm run lint`.
 */
const SERVER_LAYERS = ["base", "db", "images", "entities", "web", "api", "worker"];

const layerZones = SERVER_LAYERS.slice(0, -1).map((layer, index) => ({
  target: `./app/server/${layer}`,
  from: SERVER_LAYERS.slice(index + 1).map((higher) => `./app/server/${higher}`),
  message: `app/server/${layer} is below ${SERVER_LAYERS.slice(index + 1).join(", ")} and must not import from them.`,
}));

export default tseslint.config(
  { ignores: ["build/", ".wrangler/", "node_modules/", "worker-configuration.d.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "import-x": importX, project: { rules: { "import-cycles": importCycles } } },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "import-x/no-cycle": "error",
      // no-cycle skips type-only imports; this one counts them (eslint-rules/import-cycles.js).
      "project/import-cycles": "error",
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            ...layerZones,
            {
              target: "./app/lib",
              from: ["./app/components", "./app/routes"],
              message: "app/lib holds plain helpers shared by server and browser; React code lives in app/components.",
            },
            {
              target: "./app/components",
              from: "./app/routes",
              message: "Routes use components, never the other way round; a type both need lives beside the component.",
            },
          ],
        },
      ],
    },
  },
  {
    // Code that reaches the browser uses server code only for its types.
    files: ["app/lib/**/*.{ts,tsx}", "app/components/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [{ group: ["~/server/*"], allowTypeImports: true, message: "Browser code imports only types from app/server." }] },
      ],
    },
  },
  {
    files: ["scripts/**/*.mjs"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly", URLSearchParams: "readonly", fetch: "readonly", setTimeout: "readonly", clearTimeout: "readonly", AbortController: "readonly", FormData: "readonly", File: "readonly" } },
  },
);
