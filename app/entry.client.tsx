import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { watchTypedFields } from "~/components/typed-fields";

// Whatever was typed before this script ran, and until hydration is done, is kept (typed-fields.ts).
watchTypedFields();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
