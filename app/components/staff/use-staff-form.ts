import { useActionData, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { showToast } from "~/components/toaster";
import { failureFor, type FormFailure, isFormFailure, searchWith, withoutDialogs } from "~/lib/staff-forms";

/* The browser side of the staff forms: hooks for dialogs, focus, pending state and toasts. */

/** The page as it is, minus any open dialog (paging and other parameters stay). */
export function useCloseHref(): string {
  const location = useLocation();
  return `${location.pathname}${withoutDialogs(location.search)}`;
}

/** Href that opens a URL-driven dialog for one item, keeping the rest of the page state. */
export function useDialogHref(param: string, id: string): string {
  const location = useLocation();
  return `${location.pathname}${searchWith(withoutDialogs(location.search), { [param]: id })}`;
}

/** True while this form (matched by intent and, for list items, id) is being submitted or its result loaded. */
export function useIsSubmitting(intent: string, id?: string): boolean {
  const navigation = useNavigation();
  const formData = navigation.formData;
  if (!formData || formData.get("intent") !== intent) return false;
  return id === undefined || formData.get("id") === id;
}

/**
 * Focus after a dialog closes (by cancel, Escape or a completed action): the control
 * that opened it, or the fallback when that control is gone (a deleted item).
 * Radix returns focus only to a Dialog.Trigger, which URL-driven dialogs do not have.
 */
export function useReturnFocus(open: boolean, targetId: string | undefined, fallbackId?: string) {
  const wasOpen = useRef(open);
  const target = useRef({ targetId, fallbackId });
  // Once closed the dialog's item is gone from the URL; keep the ids it had while open.
  if (open) target.current = { targetId, fallbackId };

  useEffect(() => {
    const closed = wasOpen.current && !open;
    wasOpen.current = open;
    if (closed) focusLater(target.current.targetId, target.current.fallbackId);
  }, [open]);

  useEffect(
    () => () => {
      if (wasOpen.current) focusLater(target.current.targetId, target.current.fallbackId);
    },
    [],
  );
}

/** Runs after Radix has finished its own close handling and the page has re-rendered. */
export function focusLater(targetId: string | undefined, fallbackId?: string) {
  setTimeout(() => {
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const element =
      (targetId ? document.getElementById(targetId) : null) ?? (fallbackId ? document.getElementById(fallbackId) : null);
    element?.focus();
  }, 0);
}

/** Moves focus to the first invalid field once a failed submission comes back. */
export function useFocusFirstError(form: React.RefObject<HTMLFormElement | null>, failure: FormFailure | undefined) {
  useEffect(() => {
    if (!failure) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failure, form]);
}

/**
 * A key for a create form that changes once its submission succeeded (the action
 * redirected instead of answering with errors), so the form mounts again empty,
 * date pickers included. Without JavaScript the redirect loads an empty form anyway.
 */
export function useFormKeyAfterSuccess(intent: string): number {
  const navigation = useNavigation();
  const actionData = useActionData();
  const submitted = useRef(false);
  const [key, setKey] = useState(0);
  const ownSubmission = navigation.formData?.get("intent") === intent;

  useEffect(() => {
    if (ownSubmission) {
      submitted.current = true;
      return;
    }
    if (navigation.state !== "idle" || !submitted.current) return;
    submitted.current = false;
    if (!failureFor(actionData, intent)) setKey((current) => current + 1);
  }, [ownSubmission, navigation.state, actionData, intent]);

  return key;
}

/**
 * SPEC §8: a failed staff action shows the server's message as an error toast. The
 * same message also stands beside the field, which is all a page without JavaScript shows.
 */
export function useFailureToast(actionData: unknown) {
  useEffect(() => {
    if (isFormFailure(actionData)) showToast({ type: "error", body: actionData.message });
  }, [actionData]);
}
