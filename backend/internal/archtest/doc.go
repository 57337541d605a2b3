// Package archtest holds tests about the shape of the code base rather than its behaviour: the
// dependency direction, the allow-list of which internal package may import which (so a new
// edge is a decision, not an accident), dev and test tools kept out of the contexts, and
// package documentation.
package archtest
