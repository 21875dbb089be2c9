// Package killtest holds the kill test of the publishing protocol: it
// builds the surrogator binary, kills runs with SIGKILL at spread moments
// over letters that the leak audit must quarantine, and checks after every
// kill that no public file holds an original and that a final public folder
// exists only for a run that recorded itself complete. `make test-kill`
// runs it (SURROGATOR_KILLTEST=1); `go test ./...` skips it.
package killtest
