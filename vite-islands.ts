import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";

/** The islands' script (decision 018): one more entry of the client build beside Remix's own. */
const ISLANDS_ENTRY = "app/islands.client.tsx";
const VIRTUAL_ID = "virtual:islands-entry";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

/**
 * Builds `app/islands.client.tsx` as an entry of the client build and tells the server its URL:
 * `import islandsEntry from "virtual:islands-entry"` is the built file's path in the server build
 * (read from the client build's manifest, which Remix builds first), null in the browser's build,
 * which never renders a document, and null under `npm run dev`, where island pages hydrate whole.
 */
export function islands(): Plugin {
  let building = false;
  let ssr = false;
  let root = "";
  let clientOutDir = "";
  return {
    name: "autosattlerei-islands",
    configResolved(config) {
      building = config.command === "build";
      ssr = Boolean(config.build.ssr);
      root = config.root;
      clientOutDir = join(root, "build/client");
    },
    options(options) {
      if (!building || ssr || !Array.isArray(options.input)) return;
      return { ...options, input: [...options.input, join(root, ISLANDS_ENTRY)] };
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return;
      if (!building || !ssr) return "export default null;";
      const manifest = JSON.parse(readFileSync(join(clientOutDir, ".vite/manifest.json"), "utf8")) as Record<string, { file: string }>;
      const chunk = manifest[ISLANDS_ENTRY];
      if (!chunk) throw new Error(`${ISLANDS_ENTRY} is missing from the client build's manifest`);
      return `export default ${JSON.stringify(`/${chunk.file}`)};`;
    },
  };
}
