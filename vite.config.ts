import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { devPipeline } from "./vite-dev-pipeline";
import { islands } from "./vite-islands";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  plugins: [
    devPipeline(),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
    tsconfigPaths(),
    islands(),
  ],
  server: { port: Number(process.env.PORT ?? 5173) },
  build: {
    rollupOptions: {
      // Packages stay external to the server build and wrangler bundles them; a bare
      // `import "zod"` kept in a chunk only to preserve evaluation order makes wrangler warn
      // once per package (ignored-bare-import). None of them has side effects on import.
      treeshake: { moduleSideEffects: "no-external" },
      // A module of the Workers runtime (the e-mail binding's message class), not a package.
      external: ["cloudflare:email"],
    },
  },
  ssr: {
    resolve: {
      conditions: ["workerd", "worker", "browser"],
      externalConditions: ["workerd", "worker"],
    },
  },
});
