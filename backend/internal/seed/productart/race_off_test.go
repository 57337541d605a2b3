//go:build !race

package productart

const raceEnabled = false
