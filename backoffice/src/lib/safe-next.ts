/**
 * safeNext keeps a "return to" path only when it is a path of the back office itself, so a
 * crafted sign-in link cannot send the admin to another site after signing in.
 */
export function safeNext(next: string | null): string {
  if (!next?.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return "/";
  if (next.startsWith("/sign-in")) return "/";
  return next;
}
