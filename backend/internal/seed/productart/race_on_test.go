//go:build race

package productart

// raceEnabled lets timing tests stand down: the race detector slows
// rendering several-fold.
const raceEnabled = true
