import type { TimelineStep } from "~/lib/enquiry-progress";

export interface ShownStep {
  step: TimelineStep;
  label: string;
  /** Formatted; null only for an enquiry taken up before the date was kept. */
  when: string | null;
}

/** What happened so far, oldest first; the last entry is where the enquiry stands now. */
export function StatusTimeline({ steps }: { steps: ShownStep[] }) {
  return (
    <ol className="status-timeline">
      {steps.map(({ step, label, when }, index) => (
        <li key={step} className="status-timeline__step" aria-current={index === steps.length - 1 ? "step" : undefined}>
          <span className="status-timeline__label">{label}</span>
          {when ? <span className="status-timeline__when">{when}</span> : null}
        </li>
      ))}
    </ol>
  );
}
