// Where a shopper returns after signing in, kept apart from the sign-in forms' schemas: the
// header, footer and guest notes on every page link to the login page, and importing these from
// auth.ts would bring zod into every page's scripts.

/**
 * Where to go after signing in: only a path on this shop ("/account", "/shop?category=x"), never
 * another site ("//evil.test", "https://…", "/\\evil.test") and never back to a sign-in page.
 * The answer is the path as the URL parser normalises it — percent-encoded, so it is always a
 * valid Location header (a raw "/\u2028" would make the redirect itself throw, after the API had
 * already signed the shopper in).
 */
export function safeRedirect(value: unknown, fallback = "/"): string {
  if (typeof value !== "string") return fallback;
  const path = value.trim();
  if (
    !path.startsWith("/") ||
    path.startsWith("//") ||
    path.includes("\\") ||
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what it refuses in a redirect target.
    /[\u0000-\u001f\u007f]/.test(path)
  )
    return fallback;
  let resolved: URL;
  try {
    resolved = new URL(path, "http://shop.invalid");
  } catch {
    return fallback;
  }
  // A path that resolves to another origin (through any trick the checks above missed) is refused.
  if (resolved.origin !== "http://shop.invalid") return fallback;
  const normalized = resolved.pathname + resolved.search + resolved.hash;
  // "/.//evil.test" normalises to "//evil.test", which a browser reads as another site.
  if (!normalized.startsWith("/") || normalized.startsWith("//")) return fallback;
  if (authPaths.has(comparablePath(resolved.pathname))) return fallback;
  return normalized;
}

/** A path as the router matches it: decoded, lower case, without a trailing slash. */
function comparablePath(pathname: string): string {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // Compared as it is.
  }
  return path.toLowerCase().replace(/\/+$/, "") || "/";
}

/** The account pages a shopper is never sent back to after signing in. */
const authPaths = new Set(["/login", "/register", "/logout", "/forgot-password", "/reset-password"]);

/** The login page that returns to `path` afterwards (plain /login from the sign-in pages themselves). */
export function loginHref(path: string): string {
  const target = safeRedirect(path, "");
  return target && target !== "/" ? `/login?${new URLSearchParams({ redirectTo: target })}` : "/login";
}
