package aero

import "time"

// Project is one project the authenticated user manages (INCEpTION lists
// only those; administrators see all).
type Project struct {
	// ID is the numeric project identifier used in every other call.
	ID int64
	// Slug is the project's URL slug (older INCEpTION versions report it
	// only as "name"; the client fills Slug from either).
	Slug string
	// Title is the human-readable project name; it may be empty on older
	// servers, which report only the slug.
	Title string
	// Roles are the roles the authenticated user holds in the project
	// (ANNOTATOR, CURATOR, MANAGER); empty for an administrator without
	// explicit roles, and on servers that do not report them.
	Roles []string
}

// DocumentState is a source document's state as the remote API spells it.
type DocumentState string

// The source document states of the remote API. A server may report a
// state not listed here; it is kept as reported.
const (
	StateNew                  DocumentState = "NEW"
	StateAnnotationInProgress DocumentState = "ANNOTATION-IN-PROGRESS"
	StateAnnotationComplete   DocumentState = "ANNOTATION-COMPLETE"
	StateCurationInProgress   DocumentState = "CURATION-IN-PROGRESS"
	StateCurationComplete     DocumentState = "CURATION-COMPLETE"
)

// Known reports whether s is one of the five states above.
func (s DocumentState) Known() bool {
	switch s {
	case StateNew, StateAnnotationInProgress, StateAnnotationComplete, StateCurationInProgress, StateCurationComplete:
		return true
	}
	return false
}

// Curated reports whether curation has started or finished, i.e. whether
// the document has curated annotations to fetch with Client.Curation.
func (s DocumentState) Curated() bool {
	return s == StateCurationInProgress || s == StateCurationComplete
}

// Document is one source document of a project.
type Document struct {
	ID int64
	// Name is the document's name in INCEpTION (usually its file name). It
	// may itself identify a patient: keep it out of logs.
	Name  string
	State DocumentState
}

// AnnotationState is one user's annotation state on a document.
type AnnotationState string

// The annotation states of the remote API.
const (
	AnnotationNew        AnnotationState = "NEW"
	AnnotationInProgress AnnotationState = "IN-PROGRESS"
	AnnotationComplete   AnnotationState = "COMPLETE"
	AnnotationLocked     AnnotationState = "LOCKED"
)

// Annotation is one user's annotation document for a source document.
type Annotation struct {
	User  string
	State AnnotationState
	// Time is the last change as reported, zero when absent or not
	// parseable (INCEpTION formats it as yyyy-MM-ddTHH:mm:ssZ with a
	// week-based year, so it can be off by a year around New Year).
	Time time.Time
}

// Format is an INCEpTION format identifier, e.g. "jsoncas" or "xmi".
type Format string

// The CAS formats surrogator reads (see package formats), and plain text.
const (
	// FormatJSONCAS is UIMA CAS JSON 0.4.0.
	FormatJSONCAS Format = "jsoncas"
	// FormatXMI is UIMA CAS XMI (XML 1.0). INCEpTION answers a single
	// document as a zip of the .xmi and its typesystem.xml (the client
	// also accepts a bare .xmi), which formats.Scan reads (a held zip)
	// as a zip of loose files.
	FormatXMI Format = "xmi"
	// FormatText is the plain text (UTF-8), without annotations.
	FormatText Format = "text"
)

// CurationUser is the user name under which INCEpTION stores curated
// annotations; Client.Curation fetches them.
const CurationUser = "CURATION_USER"

// File is a downloaded annotation document.
type File struct {
	// Name is the base name the server suggested (Content-Disposition),
	// reduced to a safe base name; empty when none was sent. It is derived
	// from the document name: keep it out of logs.
	Name string
	// ContentType is the media type the server declared, without parameters.
	ContentType string
	// Data is the document in the requested format.
	Data []byte
}
