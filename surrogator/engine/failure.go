package engine

import (
	"context"
	"errors"
	"os"
	"syscall"

	"github.com/surrogator/surrogator/surrogator/formats"
)

// failure is run.json's "error" of a run that stopped (failed or
// interrupted): why, without any original of the run, so that whoever
// reads run.json later knows what to fix.
type failure struct {
	// Class is one of: nothing-released, interrupted, disk-full,
	// permission, io, input, error.
	Class   string `json:"class"`
	Message string `json:"message"`
}

// failureOf classifies err. An error of the operating system is given as
// its operation and errno text only (no path: paths may be named after
// a patient). Every other message is the error's own (engine errors name
// documents by number, never by name); original reports whether a text
// holds an original of the run (nil: none known), and a message that
// does is withheld.
func failureOf(err error, original func(string) bool) failure {
	var errno syscall.Errno
	switch {
	case errors.Is(err, ErrNothingReleased):
		return failure{"nothing-released", "no document could be published: every one was unreadable, unsafe or quarantined (each is listed under excluded)"}
	case errors.Is(err, ErrInterrupted), errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return failure{"interrupted", "the run was interrupted (Ctrl-C, SIGTERM or a deadline); run the same command again to complete it"}
	case errors.As(err, &errno):
		class := "io"
		switch errno {
		case syscall.ENOSPC, syscall.EDQUOT:
			class = "disk-full"
		case syscall.EACCES, syscall.EPERM, syscall.EROFS:
			class = "permission"
		}
		msg := errno.Error()
		var pe *os.PathError
		var le *os.LinkError
		var se *os.SyscallError
		switch {
		case errors.As(err, &pe):
			msg = pe.Op + ": " + msg
		case errors.As(err, &le):
			msg = le.Op + ": " + msg
		case errors.As(err, &se):
			msg = se.Syscall + ": " + msg
		}
		return failure{class, msg}
	}
	class := "error"
	if errors.Is(err, formats.ErrNoDocuments) || errors.Is(err, ErrUnsafeProjectName) {
		class = "input"
	}
	msg := err.Error()
	if original != nil && original(msg) {
		msg = "(the message is withheld: it holds an original of the run; run again to see it on stderr)"
	}
	return failure{class, msg}
}
