package payment

import "syscall"

// On Linux the kernel kills stripe-mock when the test binary dies, however it dies.
func init() { //nolint:gochecknoinits // this build-tagged file can only set the variable from init
	stripeMockProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
