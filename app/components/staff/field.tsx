import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from "react";

/**
 * The German message under a field; its id ties it to the field via aria-describedby.
 * The icon makes it read as an error without relying on colour alone.
 */
export function FieldError({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="staff-field__error">
      <ErrorIcon />
      <span>{children}</span>
    </p>
  );
}

/** A message about the whole form (or one upload), announced when it appears. */
export function FormError({ children }: { children: ReactNode }) {
  return (
    <p className="staff-form-error" role="alert">
      <ErrorIcon />
      <span>{children}</span>
    </p>
  );
}

function ErrorIcon() {
  return (
    <svg className="error-icon" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M12 7v6M12 16.5v.01" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

interface FieldBase {
  label: string;
  name: string;
  error?: string;
  /** Shown between label and field, e.g. an example format. */
  hint?: string;
  /** Shown under the field, e.g. how the site read what was saved. */
  note?: string;
}

type InputFieldProps = FieldBase & { multiline?: false } & Omit<InputHTMLAttributes<HTMLInputElement>, "name">;
type TextareaFieldProps = FieldBase & { multiline: true } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name">;

/**
 * A labelled input or textarea with its error. `aria-invalid` marks it for assistive
 * technology and for the focus-first-error helper.
 */
export function Field(props: InputFieldProps | TextareaFieldProps) {
  const generatedId = useId();
  const id = props.id ?? generatedId;
  const errorId = `${id}-fehler`;
  const hintId = `${id}-hinweis`;
  const noteId = `${id}-anmerkung`;
  const describedBy =
    [props.hint ? hintId : null, props.note ? noteId : null, props.error ? errorId : null].filter(Boolean).join(" ") ||
    undefined;
  const common = {
    id,
    name: props.name,
    "aria-invalid": props.error ? true : undefined,
    "aria-describedby": describedBy,
  };

  let control: ReactNode;
  if (props.multiline) {
    const { label: _label, name: _name, error: _error, hint: _hint, note: _note, multiline: _multiline, ...rest } = props;
    control = <textarea rows={5} {...rest} {...common} className="staff-field__input staff-field__input--multiline" />;
  } else {
    const { label: _label, name: _name, error: _error, hint: _hint, note: _note, multiline: _multiline, ...rest } = props;
    // type="text" stated, not implied: some checkers (pa11y) flag an input without it.
    control = <input type="text" {...rest} {...common} className="staff-field__input" />;
  }

  return (
    <div className={`staff-field${props.error ? " staff-field--invalid" : ""}`}>
      <label htmlFor={id} className="staff-field__label">
        {props.label}
      </label>
      {props.hint ? (
        <p id={hintId} className="staff-field__hint">
          {props.hint}
        </p>
      ) : null}
      {control}
      {props.note ? (
        <p id={noteId} className="staff-field__hint">
          {props.note}
        </p>
      ) : null}
      <FieldError id={errorId}>{props.error}</FieldError>
    </div>
  );
}
