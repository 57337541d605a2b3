package payment

import "syscall"

// On Linux the kernel kills stripe-mock when the test binary dies, however it dies.
func init() { stripeMockProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL} }
