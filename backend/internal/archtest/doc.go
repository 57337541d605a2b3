// Package archtest holds tests about the shape of the code base (dependency direction, package
// documentation) rather than its behaviour.
package archtest
