package aero

import (
	"errors"
	"fmt"
	"net/http"
)

// Sentinel errors; test with errors.Is. No error of this package contains
// the password, the user name, the URL, a document name or a message the
// server sent (those may carry personal data); server messages are kept in
// StatusError.Messages for a private view.
var (
	// ErrUnauthorized: HTTP 401, the user name or password is wrong (or
	// HTTP Basic authentication is disabled on the server).
	ErrUnauthorized = errors.New("aero: unauthorized (wrong user name or password)")
	// ErrForbidden: HTTP 403, the user lacks ROLE_REMOTE, or is not a
	// manager of the project.
	ErrForbidden = errors.New("aero: forbidden (the user needs ROLE_REMOTE and the manager role in the project)")
	// ErrNotFound: HTTP 404, no such project, document or annotation (or
	// the remote API is not enabled at this base URL).
	ErrNotFound = errors.New("aero: not found")
	// ErrBadResponse: the server answered, but not as the API does
	// (malformed or truncated JSON, an unexpected shape, an HTML page, a
	// redirect, a body that is not in the requested format).
	ErrBadResponse = errors.New("aero: bad response")
	// ErrTooLarge: a response exceeded the client's size limit.
	ErrTooLarge = errors.New("aero: response too large")
)

// Message is one message of the API's response envelope.
type Message struct {
	Level   string // DEBUG, INFO, WARN or ERROR
	Message string
}

// StatusError is a response with a status other than 200. It matches
// ErrUnauthorized (401), ErrForbidden (403) or ErrNotFound (404) with
// errors.Is. Its Error text names the operation and the status only.
type StatusError struct {
	// Op is the operation, e.g. "list documents".
	Op string
	// StatusCode is the HTTP status.
	StatusCode int
	// Messages are the envelope's messages when the body was one (the
	// server's own words; they may name users, projects or documents, so
	// show them only where such names may be shown).
	Messages []Message
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("aero: %s: HTTP %d %s", e.Op, e.StatusCode, http.StatusText(e.StatusCode))
}

// Is maps the status to the sentinels.
func (e *StatusError) Is(target error) bool {
	switch target {
	case ErrUnauthorized:
		return e.StatusCode == http.StatusUnauthorized
	case ErrForbidden:
		return e.StatusCode == http.StatusForbidden
	case ErrNotFound:
		return e.StatusCode == http.StatusNotFound
	}
	return false
}

// detailError is a sentinel with the details of one failure: it matches
// the sentinel with errors.Is and reads "<what>: <details>".
type detailError struct {
	sentinel error
	what     string
	detail   error
}

func (e *detailError) Error() string        { return e.what + ": " + e.detail.Error() }
func (e *detailError) Is(target error) bool { return target == e.sentinel }
func (e *detailError) Unwrap() error        { return e.detail }

// bad is ErrBadResponse for a reason that names no value from the answer
// (format may wrap a cause with %w).
func bad(format string, args ...any) error {
	return &detailError{sentinel: ErrBadResponse, what: "bad response", detail: fmt.Errorf(format, args...)}
}

// tooLarge is ErrTooLarge with the sizes.
func tooLarge(format string, args ...any) error {
	return &detailError{sentinel: ErrTooLarge, what: "response too large", detail: fmt.Errorf(format, args...)}
}
