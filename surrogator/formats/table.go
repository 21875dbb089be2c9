package formats

import (
	"bytes"
	"fmt"
	"path"
	"strings"

	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats/brat"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
	"github.com/surrogator/surrogator/surrogator/formats/xmi"
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
	// decode reads one document from a document file's bytes and its
	// companion's: the same-stem file (required), or the fixed-name file
	// beside it (nil when absent and no --typesystem is given). nil for a
	// container or a streamed format, which formats.go reads itself.
	decode func(r *reader, data, companion []byte) (*document.Document, error)
	// missing is the error of a document file without its same-stem
	// companion; companionErr prefixes an error reading the companion.
	missing, companionErr string
}

// formatTable is every input format of SPEC §3: the walker, the
// single-document path (ReadDocument) and the readers of loose files and
// zips choose by it; Formats and LookupFormat expose it.
var formatTable = []Format{
	{Name: "CAS JSON", Exts: []string{".json"}, Reader: ReaderCASJSON, notDocument: skippedJSON,
		decode: func(r *reader, data, _ []byte) (*document.Document, error) { return r.readCASJSON(data) }},
	{Name: "CAS XMI", Exts: []string{".xmi"}, Reader: ReaderXMI, Companion: typeSystemName,
		decode: func(r *reader, data, ts []byte) (*document.Document, error) { return r.decodeXMI(data, ts) }},
	{Name: "BRAT standoff", Exts: []string{".ann"}, Reader: ReaderBRAT, Companion: ".txt",
		decode:  func(_ *reader, ann, txt []byte) (*document.Document, error) { return brat.Read(txt, ann) },
		missing: "BRAT annotation without its .txt", companionErr: "BRAT text"},
	{Name: "JSON Lines", Exts: []string{".jsonl", ".ndjson"}, Reader: ReaderJSONLines, Streamed: true},
	{Name: "zip (INCEpTION project export or loose files)", Exts: []string{".zip"}, Reader: ReaderZip, Container: true},
}

// xmiTypes is a parsed type system and its scanner.
type xmiTypes struct {
	defs    []*cas.TypeDef
	scanner *xmi.Scanner
}

// maxXMITypes bounds the type systems a reader keeps.
const maxXMITypes = 16

// decodeXMI is decodeXMI, with KeepOriginal through the scanner
// (xmi.Scanner.ReadOriginal: Layers an *xmi.Original) where it reads the
// document.
func (r *reader) decodeXMI(data, ts []byte) (*document.Document, error) {
	if !r.opt.KeepOriginal || len(ts) == 0 {
		return decodeXMI(data, ts, r.opt)
	}
	r.xmiMu.Lock()
	t := r.xmiTypes[string(ts)]
	r.xmiMu.Unlock()
	if t == nil {
		defs, err := xmi.ReadTypeSystem(bytes.NewReader(ts))
		if err != nil {
			return nil, fmt.Errorf("type system: %w", err)
		}
		t = &xmiTypes{defs: defs, scanner: xmi.NewScanner(defs)}
		r.xmiMu.Lock()
		if r.xmiTypes == nil {
			r.xmiTypes = map[string]*xmiTypes{}
		}
		if len(r.xmiTypes) < maxXMITypes {
			r.xmiTypes[string(ts)] = t
		}
		r.xmiMu.Unlock()
	}
	if d, err := t.scanner.ReadOriginal(data, t.defs, r.opt.PHI); err == nil {
		return d, nil
	}
	return decodeXMI(data, ts, r.opt)
}

// decodeXMI decodes an XMI document with its type system (nil: the
// types the reader knows).
func decodeXMI(data, ts []byte, opt Options) (*document.Document, error) {
	var types []*cas.TypeDef
	if len(ts) > 0 {
		t, err := xmi.ReadTypeSystem(bytes.NewReader(ts))
		if err != nil {
			return nil, fmt.Errorf("type system: %w", err)
		}
		types = t
	}
	c, err := xmi.Read(data, types)
	if err != nil {
		return nil, err
	}
	return casjson.FromCAS(c, opt.PHI, document.FormatXMI)
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

// docFormat is the format of a loose document file, nil for a file that
// is not read as a document (see readerOf).
func docFormat(name string) *Format {
	f := lookupFormat(name)
	if f == nil || f.Container || (f.notDocument != nil && f.notDocument(path.Base(name))) {
		return nil
	}
	return f
}

// pair reports whether the format reads a document file with a required
// companion of its stem (a BRAT .ann with its .txt).
func (f *Format) pair() bool { return strings.HasPrefix(f.Companion, ".") }

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
