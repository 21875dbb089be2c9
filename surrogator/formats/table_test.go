package formats

import (
	"strings"
	"testing"
)

// TestLookupFormat: each input file is chosen by its extension, in any
// case; companion files and unknown extensions have no reader.
func TestLookupFormat(t *testing.T) {
	for _, tt := range []struct {
		name      string
		reader    Reader
		container bool
		companion bool
	}{
		{"a.json", ReaderCASJSON, false, false},
		{"dir/A.JSON", ReaderCASJSON, false, false},
		{"a.xmi", ReaderXMI, false, false},
		{"a.ann", ReaderBRAT, false, false},
		{"a.jsonl", ReaderJSONLines, false, false},
		{"a.NDJSON", ReaderJSONLines, false, false},
		{"export.zip", ReaderZip, true, false},
		{`C:\up\Export.Zip`, ReaderZip, true, false},
		{"a.txt", 0, false, true},
		{"x/TypeSystem.xml", 0, false, true},
		{"typesystem.XML", 0, false, true},
		{"other.xml", 0, false, false},
		{"README", 0, false, false},
		{".json", ReaderCASJSON, false, false},
		{"a.json.bak", 0, false, false},
	} {
		f, ok := LookupFormat(tt.name)
		if ok != (tt.reader != 0) || f.Reader != tt.reader || f.Container != tt.container {
			t.Errorf("LookupFormat(%q) = %+v %v, want reader %d container %v", tt.name, f, ok, tt.reader, tt.container)
		}
		if got := IsCompanion(tt.name); got != tt.companion {
			t.Errorf("IsCompanion(%q) = %v, want %v", tt.name, got, tt.companion)
		}
		if readableExt(tt.name) != ok || isContainer(tt.name) != tt.container {
			t.Errorf("%q: readableExt %v isContainer %v", tt.name, readableExt(tt.name), isContainer(tt.name))
		}
	}
}

// TestReaderOf: an export folder's project and layer descriptions are no
// documents; a zip is never read as a loose document.
func TestReaderOf(t *testing.T) {
	for name, want := range map[string]Reader{
		"p/exportedproject.json":  0,
		"p/layer_PHI_v1.1.json":   0,
		"p/custom.layer.json":     0,
		"p/brief.json":            ReaderCASJSON,
		"p/brief.xmi":             ReaderXMI,
		"p/brief.ann":             ReaderBRAT,
		"p/brief.txt":             0,
		"p/nested.zip":            0,
		"p/TypeSystem.xml":        0,
		"p/lines.ndjson":          ReaderJSONLines,
		"p/exportedproject.jsonl": ReaderJSONLines,
	} {
		if got := readerOf(name); got != want {
			t.Errorf("readerOf(%q) = %d, want %d", name, got, want)
		}
	}
}

// TestCompanions: a BRAT .ann reads the .txt of its stem and the .txt
// names its .ann; other formats have no same-stem companion.
func TestCompanions(t *testing.T) {
	for _, tt := range []struct{ doc, companion string }{
		{"d/a.ann", "d/a.txt"}, {"d/a.ANN", "d/a.txt"}, {"a.b.ann", "a.b.txt"},
		{"a.json", ""}, {"a.xmi", ""}, {"a.zip", ""}, {"a.txt", ""},
	} {
		if got := stemCompanion(tt.doc); got != tt.companion {
			t.Errorf("stemCompanion(%q) = %q, want %q", tt.doc, got, tt.companion)
		}
	}
	for _, tt := range []struct{ file, owner string }{
		{"d/a.txt", "d/a.ann"}, {"a.TXT", "a.ann"}, {"a.ann", ""}, {"a.json", ""}, {"TypeSystem.xml", ""},
	} {
		if got := companionOwner(tt.file); got != tt.owner {
			t.Errorf("companionOwner(%q) = %q, want %q", tt.file, got, tt.owner)
		}
	}
}

// TestFormatTable: every extension belongs to one format and is lower
// case with its dot; no companion is itself read by a format; Formats
// returns a copy. (The table is the list of formats: the package
// documentation names them as examples, so adding a format is its row and
// its reader sub-package only.)
func TestFormatTable(t *testing.T) {
	seen := map[string]string{}
	readers := map[Reader]bool{}
	for _, f := range Formats() {
		if f.Name == "" || len(f.Exts) == 0 || f.Reader == 0 {
			t.Errorf("incomplete format %+v", f)
		}
		if readers[f.Reader] {
			t.Errorf("reader %d twice", f.Reader)
		}
		readers[f.Reader] = true
		for _, e := range f.Exts {
			if !strings.HasPrefix(e, ".") || e != strings.ToLower(e) {
				t.Errorf("%s: extension %q is not lower case with its dot", f.Name, e)
			}
			if o, dup := seen[e]; dup {
				t.Errorf("%s chosen by %s and %s", e, o, f.Name)
			}
			seen[e] = f.Name
		}
		if f.Companion != "" {
			probe := f.Companion
			if strings.HasPrefix(probe, ".") {
				probe = "x" + probe
			}
			if _, ok := LookupFormat(probe); ok {
				t.Errorf("%s: companion %s is read by a format of its own", f.Name, f.Companion)
			}
		}
	}
	fs := Formats()
	fs[0].Exts[0] = ".changed"
	if _, ok := LookupFormat("a.changed"); ok {
		t.Error("Formats returned the table itself")
	}
}

// TestFormatRowsRead: every row of the table says how its files are
// read: a container, a stream, or its own decode function (a format read
// one document per file is added by its row alone, with its reader
// sub-package); a row with a same-stem companion names the errors of a
// missing or unreadable companion.
func TestFormatRowsRead(t *testing.T) {
	for _, f := range formatTable {
		n := 0
		for _, b := range []bool{f.Container, f.Streamed, f.decode != nil} {
			if b {
				n++
			}
		}
		if n != 1 || f.Reader == 0 || len(f.Exts) == 0 {
			t.Errorf("%s: container %v, streamed %v, decode %v, reader %d, extensions %v", f.Name, f.Container, f.Streamed, f.decode != nil, f.Reader, f.Exts)
		}
		if f.pair() && (f.missing == "" || f.companionErr == "") {
			t.Errorf("%s: a same-stem companion without its error texts", f.Name)
		}
	}
}
