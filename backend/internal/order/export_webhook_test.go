package order

// EmitEvent is emitEvent, for the test that a rolled-back change announces nothing.
var EmitEvent = emitEvent
