import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// The build exists only after `npm run build`; wrangler bundles it into the worker.
// eslint-disable-next-line @typescript-eslint/ban-ts-comment -- the generated build may or may not exist when type-checking
// @ts-ignore
import * as build from "./build/server";
import { runMaintenance } from "./app/server/maintenance.server";
import { database } from "./app/server/db/client.server";
import { handleRequest } from "./request-handler";

const serverBuild = build as unknown as ServerBuild;
const remix = { handle: createRequestHandler(serverBuild), version: serverBuild.assets.version };

export default {
  fetch: (request, env, ctx) => handleRequest(request, { env, ctx }, remix),
  /** The cron trigger in wrangler.toml: clean-up that no request does (see maintenance.server.ts). */
  async scheduled(controller, env) {
    await runMaintenance(database(env.DB), env, new Date(controller.scheduledTime));
  },
} satisfies ExportedHandler<Env>;
