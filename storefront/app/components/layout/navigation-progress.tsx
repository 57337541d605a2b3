import { useNavigation } from "react-router";

/**
 * A thin bar at the top of the window while the next page loads, so a click never seems ignored
 * (the current page stays on screen until the next one's data arrives).
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.location !== undefined;
  return (
    <div className={`navigation-progress${busy ? " navigation-progress--active" : ""}`} aria-hidden="true" />
  );
}
