package formats

import (
	"path"
	"strings"
)

// Reader names the reader of an input format.
type Reader int

// The readers of the input formats.
const (
	// ReaderCASJSON reads UIMA CAS JSON (sub-package casjson).
	ReaderCASJSON Reader = iota + 1
	// ReaderXMI reads UIMA CAS XMI with its type system (sub-package xmi).
	ReaderXMI
	// ReaderBRAT reads a BRAT standoff pair (sub-package brat).
	ReaderBRAT
	// ReaderJSONLines streams JSON Lines, one document a line (sub-package
	// jsonl).
	ReaderJSONLines
	// ReaderZip opens a zip (sub-package zipread): an INCEpTION project
	// export (sub-package inception) or a zip of loose files.
	ReaderZip
)

// Format is one input format: the file extensions it is chosen by, its
// reader and the files read beside a document file.
type Format struct {
	// Name names the format for people ("CAS JSON").
	Name string
	// Exts are its extensions, lower case with the dot; a file's extension
	// is compared without regard to case.
	Exts []string
	// Reader reads it.
	Reader Reader
	// Companion is a file read beside each document file and never read as
	// a document of its own: an extension (".txt": the file of the same
	// stem, the text of a BRAT .ann) or a file name ("TypeSystem.xml": that
	// file in the same folder, for XMI; the --typesystem file when absent).
	Companion string
	// Container marks a project of its own (a .zip): its entries are read
	// as an INCEpTION export or as loose files, never as one document.
	Container bool
	// Streamed marks a format read as a stream, one document at a time,
	// never held whole (JSON Lines).
	Streamed bool

	// notDocument tells the files with the extension that are no documents
	// (an export folder's project and layer descriptions).
	notDocument func(base string) bool
}

// formatTable is every input format of SPEC §3: the walker, the
// single-document path (ReadDocument) and the readers of loose files and
// zips choose by it; Formats and LookupFormat expose it.
var formatTable = []Format{
	{Name: "CAS JSON", Exts: []string{".json"}, Reader: ReaderCASJSON, notDocument: skippedJSON},
	{Name: "CAS XMI", Exts: []string{".xmi"}, Reader: ReaderXMI, Companion: typeSystemName},
	{Name: "BRAT standoff", Exts: []string{".ann"}, Reader: ReaderBRAT, Companion: ".txt"},
	{Name: "JSON Lines", Exts: []string{".jsonl", ".ndjson"}, Reader: ReaderJSONLines, Streamed: true},
	{Name: "zip (INCEpTION project export or loose files)", Exts: []string{".zip"}, Reader: ReaderZip, Container: true},
}

// typeSystemName is the type system read beside XMI files.
const typeSystemName = "TypeSystem.xml"

// skippedJSON tells the .json files of an export folder that are no
// documents.
func skippedJSON(base string) bool {
	return base == "exportedproject.json" || strings.HasSuffix(base, ".layer.json") || base == "layer_PHI_v1.1.json"
}

// Formats returns the input formats (a copy: the table is read-only).
func Formats() []Format {
	out := make([]Format, len(formatTable))
	for i, f := range formatTable {
		f.Exts = append([]string(nil), f.Exts...)
		out[i] = f
	}
	return out
}

// LookupFormat returns the format that reads a file by its name's
// extension (case-insensitive); ok is false for a file no reader takes
// (a companion file such as a BRAT .txt or a TypeSystem.xml included: see
// Companion).
func LookupFormat(name string) (f Format, ok bool) {
	if p := lookupFormat(name); p != nil {
		return *p, true
	}
	return Format{}, false
}

// IsCompanion reports whether name is a file read beside a document file (a
// BRAT text, a TypeSystem.xml) rather than by a reader of its own: an
// upload or a copy of an input must keep such files with the documents.
func IsCompanion(name string) bool {
	base := path.Base(strings.ReplaceAll(name, `\`, "/"))
	for i := range formatTable {
		c := formatTable[i].Companion
		switch {
		case c == "":
		case strings.HasPrefix(c, "."):
			if strings.EqualFold(path.Ext(base), c) {
				return true
			}
		case strings.EqualFold(base, c):
			return true
		}
	}
	return false
}

// lookupFormat is LookupFormat without the copy.
func lookupFormat(name string) *Format {
	ext := strings.ToLower(path.Ext(strings.ReplaceAll(name, `\`, "/")))
	if ext == "" {
		return nil
	}
	for i := range formatTable {
		for _, e := range formatTable[i].Exts {
			if e == ext {
				return &formatTable[i]
			}
		}
	}
	return nil
}

// readableExt reports whether a loose file or zip is read (by its
// extension).
func readableExt(name string) bool { return lookupFormat(name) != nil }

// isContainer reports whether name is a zip, read as a project of its own.
func isContainer(name string) bool {
	f := lookupFormat(name)
	return f != nil && f.Container
}

// readerOf is the reader of a loose file, 0 for a file that is not read
// as a document (an unknown extension, an export folder's project
// description).
func readerOf(name string) Reader {
	f := lookupFormat(name)
	if f == nil || f.Container || (f.notDocument != nil && f.notDocument(path.Base(name))) {
		return 0
	}
	return f.Reader
}

// stemCompanion returns the companion read beside document file n when it
// is a file of the same stem (the .txt of a BRAT .ann), or "".
func stemCompanion(n string) string {
	f := lookupFormat(n)
	if f == nil || !strings.HasPrefix(f.Companion, ".") {
		return ""
	}
	return strings.TrimSuffix(n, path.Ext(n)) + f.Companion
}

// companionOwner returns, for a same-stem companion file n (the .txt of a
// BRAT pair), the candidate document file that reads it (the .ann), or ""
// when n is no such companion.
func companionOwner(n string) string {
	ext := path.Ext(n)
	for i := range formatTable {
		if c := formatTable[i].Companion; strings.HasPrefix(c, ".") && strings.EqualFold(ext, c) {
			return strings.TrimSuffix(n, ext) + formatTable[i].Exts[0]
		}
	}
	return ""
}

// isTypeSystem reports whether n is the type system read beside XMI files.
func isTypeSystem(n string) bool { return strings.EqualFold(path.Base(n), typeSystemName) }
