import { ConfirmDeleteDialog, EditDialog } from "~/components/staff/staff-dialog";
import { DialogLink } from "~/components/staff/staff-list-actions";
import { StaffList } from "~/components/staff/staff-list-item";
import { Field } from "~/components/staff/field";
import { DELETE_PARAM, deleteControlId, EDIT_PARAM, editControlId } from "~/lib/staff-forms";
import { MAX_CATEGORY_LENGTH } from "~/lib/categories";
import type { CategoryCount } from "~/server/entities/categories.server";

export const CATEGORY_LIST_HEADING_ID = "kategorien-liste";

const pictureCount = (count: number) => (count === 1 ? "1 Bild" : `${count} Bilder`);

/** "Kategorien": every category with its number of pictures, to rename (or merge) and delete. */
export function CategoryList({ categories }: { categories: CategoryCount[] }) {
  return (
    <StaffList headingId={CATEGORY_LIST_HEADING_ID} heading="Kategorien" items={categories}>
      {(category) => <CategoryItem key={category.id} category={category} />}
    </StaffList>
  );
}

const CATEGORY_ACTIONS = [
  { param: EDIT_PARAM, controlId: editControlId, name: "Umbenennen" },
  { param: DELETE_PARAM, controlId: deleteControlId, name: "Löschen" },
];

function CategoryItem({ category }: { category: CategoryCount }) {
  return (
    <li className="staff-list__item category-item">
      <div>
        <h3 className="staff-list__title">{category.name}</h3>
        <p className="staff-list__meta">{pictureCount(category.count)}</p>
      </div>
      <div className="staff-actions">
        {CATEGORY_ACTIONS.map(({ param, controlId, name }) => (
          <DialogLink
            key={param}
            param={param}
            itemId={category.id}
            controlId={controlId(category.id)}
            className="button button--secondary"
            label={`${name}: ${category.name}`}
          >
            {name}
          </DialogLink>
        ))}
      </div>
    </li>
  );
}

/** `?bearbeiten=<id>`: a new name; an existing one (in any case) merges the two categories. */
export function RenameCategoryDialog({ category }: { category: CategoryCount | null }) {
  return (
    <EditDialog item={category} title="Kategorie umbenennen">
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

/** `?loeschen=<id>`: the pictures stay, without the category. */
export function DeleteCategoryDialog({ category }: { category: CategoryCount | null }) {
  return (
    <ConfirmDeleteDialog
      item={category && { id: category.id, title: `${category.name} (${pictureCount(category.count)} bleiben erhalten)` }}
      text="Bist du sicher, dass du diese Kategorie löschen möchtest?"
      fallbackFocusId={CATEGORY_LIST_HEADING_ID}
    />
  );
}
