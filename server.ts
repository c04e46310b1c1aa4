import type { ServerBuild } from "@remix-run/cloudflare";
// The build exists only after `npm run build`; wrangler bundles it into the worker.
// eslint-disable-next-line @typescript-eslint/ban-ts-comment -- the generated build may or may not exist when type-checking
// @ts-ignore
import * as build from "./build/server";
import { ContentChanges } from "./app/server/base/content-changes.server";
import { database } from "./app/server/db/client.server";
import { bumpContentVersion } from "./app/server/worker/edge-cache.server";
import type { JobMessage } from "./app/lib/job";
import { deliverJobMessage } from "./app/server/entities/job/job-flow.server";
import { maintenanceLogLine, runMaintenance } from "./app/server/worker/maintenance.server";
import { handleRequest, remixBuild } from "./request-handler";

const remix = remixBuild(build as unknown as ServerBuild);

export default {
  fetch: (request, env, ctx) => handleRequest(request, { env, ctx }, remix),
  /** The cron trigger in wrangler.toml: clean-up that no request does (see maintenance.server.ts). */
  async scheduled(controller, env) {
    const changes = new ContentChanges();
    const report = await runMaintenance(database(env.DB, changes), env, new Date(controller.scheduledTime));
    console.log(maintenanceLogLine(report));
    // Renditions it made put pictures on the public pages.
    await changes.publishWith(bumpContentVersion);
  },
  /** The job queue (wrangler.toml): messages that waited, such as "fertig" after its undo window. */
  async queue(batch, env) {
    const db = database(env.DB, new ContentChanges());
    for (const message of batch.messages) {
      await deliverJobMessage(db, env.CUSTOMER_MAIL as SendEmail | undefined, message.body);
      message.ack();
    }
  },
} satisfies ExportedHandler<Env, JobMessage>;
