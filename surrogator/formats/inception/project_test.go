package inception

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats/zipread"
)

// TestReadStrictPlacement: in a project export, a document whose PHI
// annotation cannot be placed exactly is reported (by name and entry, with
// a reason that holds no text) and not read; the other documents are.
func TestReadStrictPlacement(t *testing.T) {
	good := `{"%FEATURE_STRUCTURES":[{"%ID":1,"%TYPE":"uima.cas.Sofa","sofaID":"_InitialView","sofaString":"Herr 😀 Meier"},` +
		`{"%ID":2,"%TYPE":"webanno.custom.PHI","@sofa":1,"begin":8,"end":13,"kind":"NAME_PATIENT"}],"%VIEWS":{"_InitialView":{"%SOFA":1,"%MEMBERS":[2]}}}`
	bad := map[string]struct{ old, new, want string }{
		"string.txt":    {`"begin":8`, `"begin":"8"`, "begin is a string"},
		"float.txt":     {`"end":13`, `"end":13.0`, "end is a non-integer number"},
		"missing.txt":   {`"begin":8,`, ``, "begin missing"},
		"range.txt":     {`"end":13`, `"end":1e400`, "end is a non-integer number"},
		"huge.txt":      {`"end":13`, `"end":123456789012345678901234567890`, "out of the integer range"},
		"negative.txt":  {`"begin":8`, `"begin":-8`, "negative offset"},
		"beyond.txt":    {`"end":13`, `"end":14`, "end 14 beyond sofa length 13"},
		"surrogate.txt": {`"begin":8`, `"begin":6`, "splits a surrogate pair"},
		"sofa.txt":      {`"@sofa":1`, `"@sofa":3`, "sofa reference 3 names no sofa"},
		"dupkey.txt":    {`"kind":"NAME_PATIENT"`, `"kind":"X","kind":"NAME_PATIENT"`, `key "kind" given twice`},
		"utf8.txt":      {`Herr`, "H\xe4rr", "invalid UTF-8"},
		"kind.txt":      {`"kind":"NAME_PATIENT"`, `"kind":["NAME_PATIENT"]`, "kind is an array"},
	}
	entries := map[string]string{
		"curation/ok.txt/CURATION_USER.json": good,
		"annotation/xmi.txt/alice.xmi":       strings.Replace(miniXMI, `begin="8"`, `begin="8.0"`, 1),
	}
	for name, b := range bad {
		doc := strings.Replace(good, b.old, b.new, 1)
		if doc == good {
			t.Fatalf("%s: replacement did not apply", name)
		}
		entries["curation/"+name+"/CURATION_USER.json"] = doc
	}
	data := seedZip(entries)
	a, err := zipread.Open(bytes.NewReader(data), int64(len(data)), zipread.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := Read(a, Options{Decode: decode})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Documents) != 1 || p.Documents[0].Name != "ok.txt" || len(p.Documents[0].Spans) != 1 {
		t.Fatalf("documents read: %d, want only ok.txt", len(p.Documents))
	}
	got := map[string]string{}
	for _, e := range p.Errors {
		if e.Entry == "" {
			t.Errorf("%s: error without its entry", e.Document)
		}
		got[e.Document] = e.Err.Error()
		if !errors.Is(e, document.ErrPlacement) && !errors.Is(e, document.ErrEncoding) {
			t.Errorf("%s: error %q has no category", e.Document, e.Err)
		}
		for _, secret := range []string{"Herr", "Meier", "H\xe4rr"} {
			if strings.Contains(e.Error(), secret) {
				t.Errorf("%s: error %q holds document text", e.Document, e.Error())
			}
		}
	}
	for name, b := range bad {
		if !strings.Contains(got[name], b.want) {
			t.Errorf("%s: error %q, want %q", name, got[name], b.want)
		}
	}
	if !strings.Contains(got["xmi.txt"], "begin is a non-integer number") {
		t.Errorf("xmi.txt: error %q", got["xmi.txt"])
	}
	if len(p.Errors) != len(bad)+1 {
		t.Errorf("%d errors, want %d", len(p.Errors), len(bad)+1)
	}
}

// TestReadSharedProject: every document of the shared INCEpTION export is
// read under the strict rules, with every span placed.
func TestReadSharedProject(t *testing.T) {
	path := testutil.Shared(t, testutil.ProjectZip)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	a, err := zipread.Open(bytes.NewReader(data), int64(len(data)), zipread.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := Read(a, Options{Decode: decode})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range p.Errors {
		t.Errorf("%s: %v", e.Entry, e.Err)
	}
	spans := 0
	for _, d := range p.Documents {
		if err := d.CheckPlacement(); err != nil {
			t.Errorf("%s: %v", d.Source, err)
		}
		spans += len(d.Spans)
	}
	if len(p.Documents) != 15 || spans == 0 {
		t.Fatalf("%d documents, %d spans; want 15 documents with spans", len(p.Documents), spans)
	}
}
