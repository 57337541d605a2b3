// The one rule for what the shop accepts as an e-mail address, shared by every form that asks for
// one (contact, newsletter). It is the API's own rule (backend/internal/emailaddr), so the browser
// and the route actions refuse exactly the addresses the API would, in the shop's words, and never
// send one it is bound to reject.

/** The longest address that can be delivered (RFC 5321's path limit less the brackets). */
export const maxEmailLength = 254;

// A dot-atom local part: atoms of letters, digits and RFC 5322's specials, joined by single dots.
const localPart = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
// One domain label: letters, digits and inner hyphens, 1 to 63 characters.
const domainLabel = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/**
 * Whether `s` is a plain address "local@domain": a dot-atom local part of at most 64 characters and
 * a domain of at least two labels. Quoted local parts, display names and IP-literal domains are
 * refused on purpose: on a shop's form they are almost always mistakes.
 */
export function isEmailAddress(s: string): boolean {
  if (s.length > maxEmailLength) return false;
  const at = s.indexOf("@");
  if (at < 0) return false;
  const local = s.slice(0, at);
  const labels = s.slice(at + 1).split(".");
  return (
    local.length <= 64 &&
    localPart.test(local) &&
    labels.length >= 2 &&
    labels.every((l) => domainLabel.test(l))
  );
}
