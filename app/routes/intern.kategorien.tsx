import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useFailureToast } from "~/components/staff/use-staff-form";
import { CategoryList, DeleteCategoryDialog, RenameCategoryDialog } from "~/components/upload/category-list";
import { staffPageMeta } from "~/lib/seo";
import { PATHS } from "~/lib/site-areas";
import {
  CATEGORY_NOT_FOUND,
  categoryRename,
  deleteCategory,
  getCategory,
  listCategoryCounts,
  renameCategory,
} from "~/server/entities/categories.server";
import { directWrite, listDialogs, MOVED_TO_TRASH, staffAction, validatedWrite } from "~/server/web/staff-form.server";
import { requireStaffForAction, requireStaffForPage } from "~/server/web/staff-session.server";
import uploadStyles from "~/styles/upload.css?url";

/*
 * "Kategorien verwalten": the gallery's categories with their number of pictures, to rename
 * (or merge) and delete. Its own page, reached from the Bilder page, so the list of pictures
 * there starts right under the photo control (issue 20).
 */

export const meta: MetaFunction = () => staffPageMeta("Kategorien verwalten");

export const links: LinksFunction = () => [{ rel: "stylesheet", href: uploadStyles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaffForPage(request, context);
  const categories = await listCategoryCounts(context.db);
  return {
    categories,
    ...(await listDialogs({ request, context }, { loaded: categories, load: (id) => getCategory(context.db, id), gone: CATEGORY_NOT_FOUND })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireStaffForAction(request, context);
  return staffAction({ request, context }, await request.formData(), {
    update: validatedWrite(categoryRename, (input, { id }) => renameCategory(context.db, user, id, input)),
    delete: directWrite(({ id }) => deleteCategory(context.db, user, id), { toast: MOVED_TO_TRASH }),
  });
}

export default function StaffCategoriesPage() {
  const { categories, editing, deleting } = useLoaderData<typeof loader>();
  useFailureToast(useActionData<typeof action>());
  return (
    <div className="staff-page">
      <p className="staff-back">
        <Link to={PATHS.staffPictures} className="standalone-link">
          ← Zurück zu den Bildern
        </Link>
      </p>
      <h1>Kategorien verwalten</h1>
      <p className="staff-intro">
        Die Kategorien sind die Filter der Referenz-Galerie. Umbenennen in einen vorhandenen Namen legt beide zusammen;
        beim Löschen bleiben die Bilder erhalten.
      </p>
      <CategoryList categories={categories} />
      <RenameCategoryDialog category={editing} />
      <DeleteCategoryDialog category={deleting} />
    </div>
  );
}
