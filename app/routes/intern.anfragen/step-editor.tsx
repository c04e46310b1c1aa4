import type { ReactNode } from "react";

/**
 * An editor of a job step that is already done once (a price, proposed dates), folded to one line
 * "ändern" so the job card fits a thumb; open where there is nothing yet to show or a refusal to
 * correct. A <details>, so it opens without JavaScript too.
 */
export function StepEditor({ summary, open, children }: { summary: string; open: boolean; children: ReactNode }) {
  return (
    <details className="step-editor" open={open}>
      <summary className="step-editor__summary">{summary}</summary>
      {children}
    </details>
  );
}
