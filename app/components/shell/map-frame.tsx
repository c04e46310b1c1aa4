import type { CSSProperties, FormEvent } from "react";
import { mapEmbedUrl, postalAddress } from "~/lib/business";
import { useBusiness } from "./business";
import { useShell } from "./shell-state";
import { useReturnPath } from "./use-return-path";

/** SPEC §9: 225 px by default, the footer uses 400. */
export const MAP_DEFAULT_HEIGHT = 225;

/**
 * The map loads from Google only after consent to external content; before that not a
 * single request goes to the map service, only this placeholder with its button.
 */
export function MapFrame({ height = MAP_DEFAULT_HEIGHT }: { height?: number }) {
  const { external, acceptExternal } = useShell();
  const returnPath = useReturnPath();
  const business = useBusiness();

  if (external && business) {
    return (
      <iframe
        className="map-frame"
        src={mapEmbedUrl(business)}
        title={`Karte: ${business.name}, ${postalAddress(business)}`}
        width="100%"
        height={height}
        loading="lazy"
        referrerPolicy="no-referrer"
        style={{ height }}
      />
    );
  }

  const accept = (event: FormEvent) => {
    event.preventDefault();
    acceptExternal();
  };

  return (
    // As tall as the map will be, except on a phone (global.css): a sentence and a button need less.
    <form method="post" action="/einstellungen/karte" className="map-consent" style={{ "--map-height": `${height}px` } as CSSProperties} onSubmit={accept}>
      <input type="hidden" name="redirectTo" value={returnPath} />
      <p>Um die Karte anzuzeigen, müssen Sie externe Cookies akzeptieren.</p>
      <button type="submit" className="button">
        Externe Cookies akzeptieren
      </button>
    </form>
  );
}
