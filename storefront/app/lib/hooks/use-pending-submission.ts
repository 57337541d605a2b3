import { useNavigation } from "react-router";

/** Whether a form post to `path` is on its way (or its redirect is loading). */
export function usePendingSubmission(path: string): boolean {
  const navigation = useNavigation();
  if (
    navigation.state === "idle" ||
    navigation.formMethod?.toUpperCase() !== "POST" ||
    !navigation.formAction
  )
    return false;
  return new URL(navigation.formAction, "http://shop.invalid").pathname === path;
}
