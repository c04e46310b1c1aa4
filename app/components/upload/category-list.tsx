import { Link } from "@remix-run/react";
import { ConfirmDeleteDialog, EditDialog } from "~/components/admin/admin-dialog";
import { Field } from "~/components/admin/field";
import { useDialogHref } from "~/components/admin/use-staff-form";
import { CATEGORY_DELETE_PARAM, CATEGORY_RENAME_PARAM } from "~/lib/staff-forms";
import { MAX_CATEGORY_LENGTH } from "~/lib/categories";
import type { CategoryCount } from "~/server/categories.server";

const HEADING_ID = "kategorien-liste";
const renameControlId = (id: string) => `kategorie-umbenennen-${id}`;
const deleteControlId = (id: string) => `kategorie-loeschen-${id}`;
export const RENAME_CATEGORY_INTENT = "rename-category";
export const DELETE_CATEGORY_INTENT = "delete-category";

const pictureCount = (count: number) => (count === 1 ? "1 Bild" : `${count} Bilder`);

/** "Kategorien": every category with its number of pictures, to rename (or merge) and delete. */
export function CategoryList({ categories }: { categories: CategoryCount[] }) {
  return (
    <section className="admin-section" aria-labelledby={HEADING_ID}>
      <h2 id={HEADING_ID} tabIndex={-1}>
        Kategorien
      </h2>
      {categories.length === 0 ? (
        <p className="admin-list__empty">Keine Daten vorhanden</p>
      ) : (
        <ul className="admin-list">
          {categories.map((category) => (
            <CategoryItem key={category.id} category={category} />
          ))}
        </ul>
      )}
    </section>
  );
}

function CategoryItem({ category }: { category: CategoryCount }) {
  const renameHref = useDialogHref(CATEGORY_RENAME_PARAM, category.id);
  const deleteHref = useDialogHref(CATEGORY_DELETE_PARAM, category.id);
  return (
    <li className="admin-list__item category-item">
      <div>
        <h3 className="admin-list__title">{category.name}</h3>
        <p className="admin-list__meta">{pictureCount(category.count)}</p>
      </div>
      <div className="admin-actions">
        <Link
          id={renameControlId(category.id)}
          to={renameHref}
          preventScrollReset
          className="button button--secondary"
          aria-label={`Umbenennen: ${category.name}`}
        >
          Umbenennen
        </Link>
        <Link
          id={deleteControlId(category.id)}
          to={deleteHref}
          preventScrollReset
          className="button button--secondary"
          aria-label={`Löschen: ${category.name}`}
        >
          Löschen
        </Link>
      </div>
    </li>
  );
}

/** `?umbenennen=<id>`: a new name; an existing one (in any case) merges the two categories. */
export function RenameCategoryDialog({ category }: { category: CategoryCount | null }) {
  return (
    <EditDialog
      item={category}
      title="Kategorie umbenennen"
      intent={RENAME_CATEGORY_INTENT}
      returnFocusId={renameControlId}
    >
      {({ item, failure }) => (
        <Field
          label="Neuer Name"
          name="name"
          required
          maxLength={MAX_CATEGORY_LENGTH}
          hint={`Bisher „${item.name}“. Heißt schon eine andere Kategorie so, werden beide zusammengelegt.`}
          defaultValue={failure?.values.name ?? item.name}
          error={failure?.fieldErrors.name}
          autoFocus
        />
      )}
    </EditDialog>
  );
}

/** `?kategorie-loeschen=<id>`: the pictures stay, without the category. */
export function DeleteCategoryDialog({ category }: { category: CategoryCount | null }) {
  return (
    <ConfirmDeleteDialog
      item={category && { id: category.id, title: `${category.name} (${pictureCount(category.count)} bleiben erhalten)` }}
      text="Bist du sicher, dass du diese Kategorie löschen möchtest?"
      intent={DELETE_CATEGORY_INTENT}
      returnFocusId={deleteControlId}
      fallbackFocusId={HEADING_ID}
    />
  );
}
