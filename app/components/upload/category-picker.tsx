import { useEffect, useId, useRef, useState } from "react";
import { Field } from "~/components/staff/field";
import { MAX_CATEGORIES, MAX_CATEGORY_LENGTH, sameCategory, TOO_MANY_CATEGORIES } from "~/lib/categories";

interface CategoryPickerProps {
  value: string[];
  onChange: (next: string[]) => void;
  /** Existing categories offered for one click. */
  suggestions: string[];
  /** When set, the choice is also submitted with the surrounding form under this name. */
  name?: string;
  disabled?: boolean;
}

type FocusTarget = { list: "chips" | "suggestions"; index: number } | null;

/**
 * Multi-select with chips (needs JavaScript): existing categories are one click away, a
 * new one is typed and added with Enter or "Hinzufügen". A name typed in another case
 * is taken as the existing category.
 */
export function CategoryPicker({ value, onChange, suggestions, name, disabled = false }: CategoryPickerProps) {
  const inputId = useId();
  const [draft, setDraft] = useState("");
  const root = useRef<HTMLFieldSetElement>(null);
  const input = useRef<HTMLInputElement>(null);
  // A chip or suggestion that was just used disappears; focus moves to its neighbour.
  const focusNext = useRef<FocusTarget>(null);

  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    const buttons = root.current?.querySelectorAll<HTMLButtonElement>(`[data-list="${target.list}"]`) ?? [];
    const neighbour = buttons[Math.min(target.index, buttons.length - 1)];
    (neighbour ?? input.current)?.focus();
  });

  const full = value.length >= MAX_CATEGORIES;
  const remaining = suggestions.filter((suggestion) => !value.some((chosen) => sameCategory(chosen, suggestion)));

  const add = (typed: string) => {
    const trimmed = typed.trim();
    if (!trimmed || full) return;
    if (!value.some((chosen) => sameCategory(chosen, trimmed))) {
      onChange([...value, suggestions.find((existing) => sameCategory(existing, trimmed)) ?? trimmed]);
    }
    setDraft("");
  };

  return (
    <fieldset className="category-picker" ref={root} disabled={disabled}>
      <legend className="category-picker__legend">Kategorie</legend>
      {value.length > 0 ? (
        <ul className="chip-list" aria-label="Gewählte Kategorien">
          {value.map((category, index) => (
            <li key={category} className="chip">
              {category}
              <button
                type="button"
                className="chip__remove"
                data-list="chips"
                aria-label={`Kategorie entfernen: ${category}`}
                onClick={() => {
                  focusNext.current = { list: "chips", index };
                  onChange(value.filter((chosen) => chosen !== category));
                }}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="category-picker__empty">Keine Kategorie gewählt</p>
      )}
      {name ? value.map((category) => <input key={category} type="hidden" name={name} value={category} />) : null}
      {remaining.length > 0 ? (
        <ul className="chip-list" aria-label="Vorhandene Kategorien">
          {remaining.map((category, index) => (
            <li key={category}>
              <button
                type="button"
                className="chip chip--choice"
                data-list="suggestions"
                aria-label={`Kategorie wählen: ${category}`}
                disabled={full}
                onClick={() => {
                  focusNext.current = { list: "suggestions", index };
                  add(category);
                }}
              >
                <span aria-hidden="true">+ </span>
                {category}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <label className="staff-field__label" htmlFor={inputId}>
        Neue Kategorie
      </label>
      <div className="category-picker__new">
        <input
          ref={input}
          id={inputId}
          type="text"
          className="staff-field__input"
          maxLength={MAX_CATEGORY_LENGTH}
          autoComplete="off"
          enterKeyHint="done"
          value={draft}
          disabled={full}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            // Enter adds the category instead of submitting the surrounding form.
            if (event.key === "Enter") {
              event.preventDefault();
              add(draft);
            }
          }}
        />
        <button type="button" className="button button--secondary" disabled={full || !draft.trim()} onClick={() => add(draft)}>
          Hinzufügen
        </button>
      </div>
      {full ? <p className="category-picker__hint">{TOO_MANY_CATEGORIES}</p> : null}
    </fieldset>
  );
}

/** The same choice as plain form fields, for the page without JavaScript. */
export function CategoryCheckboxes({
  categories,
  selected = [],
  newCategories,
}: {
  categories: string[];
  selected?: string[];
  newCategories?: string;
}) {
  return (
    <fieldset className="category-picker">
      <legend className="category-picker__legend">Kategorie</legend>
      {categories.length > 0 ? (
        <ul className="category-checkboxes">
          {categories.map((category) => (
            <li key={category}>
              <label className="checkbox">
                <input
                  type="checkbox"
                  name="category"
                  value={category}
                  defaultChecked={selected.some((chosen) => sameCategory(chosen, category))}
                />
                {category}
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      <Field
        label="Neue Kategorien"
        name="newCategories"
        autoComplete="off"
        hint="Mehrere Namen durch Komma trennen."
        defaultValue={newCategories}
      />
    </fieldset>
  );
}
