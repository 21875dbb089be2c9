package formats

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats/zipread"
)

// invented letter text of miniCAS: must never appear in an error
var letterWords = []string{"Anna", "Beispiel"}

func titledCAS(title string) string {
	return strings.Replace(miniCAS, `{"%ID":2,`,
		`{"%ID":3,"%TYPE":"de.tudarmstadt.ukp.dkpro.core.api.metadata.type.DocumentMetaData","@sofa":1,"begin":0,"end":18,"documentTitle":"`+title+`"},{"%ID":2,`, 1)
}

func jsonlLine(id string) string {
	return `{"id":"` + id + `","text":"Frau Anna Beispiel","spans":[{"begin":5,"end":18,"kind":"NAME_PATIENT"}]}` + "\n"
}

// writeTree writes files (slash paths → content) below dir.
func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func docNames(p *Project) []string {
	var out []string
	for _, d := range p.Documents {
		out = append(out, d.Name)
	}
	sort.Strings(out)
	return out
}

func assertNoText(t *testing.T, errs []*DocError) {
	t.Helper()
	for _, e := range errs {
		for _, w := range letterWords {
			if strings.Contains(e.Error(), w) {
				t.Errorf("error leaks document text: %v", e)
			}
		}
	}
}

// TestWalkSkipsOutput: the walker never enters the --out folder, a folder
// holding OutMarker, run folders (public-…, private-…, .partial) or hidden
// folders; an input inside --out is refused.
func TestWalkSkipsOutput(t *testing.T) {
	root := filepath.Join(t.TempDir(), "letters")
	writeTree(t, root, map[string]string{
		"a.json":              miniCAS,
		"sub/b.json":          miniCAS,
		"out/c.json":          miniCAS,
		"marked/" + OutMarker: "",
		"marked/d.json":       miniCAS,
		"elsewhere/public-20260101-120000-ab12/e.json":         miniCAS,
		"elsewhere/private-20260101-120000-ab12/f.json":        miniCAS,
		"elsewhere/public-20260101-120000-ab12.partial/g.json": miniCAS,
		"elsewhere/public-2026-notarun/h.json":                 miniCAS,
		".hidden/i.json":                                       miniCAS,
	})
	projs, err := Read([]string{root}, Options{SkipDirs: []string{filepath.Join(root, "out")}})
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(docNames(projs[0]), " ")
	if want := "a elsewhere/public-2026-notarun/h sub/b"; got != want {
		t.Fatalf("documents %q, want %q (errors %v)", got, want, projs[0].Errors)
	}
	// the output folder given through a symlinked path is still skipped
	link := filepath.Join(t.TempDir(), "outlink")
	if err := os.Symlink(filepath.Join(root, "out"), link); err != nil {
		t.Fatal(err)
	}
	projs, err = Read([]string{root}, Options{SkipDirs: []string{link}})
	if err != nil || strings.Contains(strings.Join(docNames(projs[0]), " "), "out/") {
		t.Fatalf("symlinked --out: %v %v", err, docNames(projs[0]))
	}
	for _, in := range []string{filepath.Join(root, "out"), filepath.Join(root, "out", "c.json")} {
		if _, err := Read([]string{in}, Options{SkipDirs: []string{filepath.Join(root, "out")}}); err == nil {
			t.Errorf("input inside --out accepted")
		}
	}
}

// TestSizeLimits: a file, a zip entry and a JSON Lines line over
// MaxDocBytes are one clear error each; the other documents are read.
func TestSizeLimits(t *testing.T) {
	big := strings.Repeat(" ", 4096)
	root := filepath.Join(t.TempDir(), "p")
	writeTree(t, root, map[string]string{
		"small.json": miniCAS,
		"big.json":   miniCAS + big,
		"lines.jsonl": jsonlLine("one") + `{"id":"two","text":"` + big + `","spans":[]}` + "\n" +
			jsonlLine("three") + jsonlLine("four")[:40] + big + "\n" + jsonlLine("five"),
	})
	projs, err := Read([]string{root}, Options{MaxDocBytes: 1024})
	if err != nil {
		t.Fatal(err)
	}
	p := projs[0]
	if got := strings.Join(docNames(p), " "); got != "five one small three" {
		t.Fatalf("documents %q, errors %v", got, p.Errors)
	}
	var msgs []string
	for _, e := range p.Errors {
		if !errors.Is(e, ErrTooLarge) {
			t.Errorf("not ErrTooLarge: %v", e)
		}
		msgs = append(msgs, e.Err.Error())
	}
	sort.Strings(msgs)
	want := []string{"file exceeds --max-doc-bytes (1 KiB)", "jsonl: line 2 exceeds --max-doc-bytes (1 KiB)", "jsonl: line 4 exceeds --max-doc-bytes (1 KiB)"}
	if fmt.Sprint(msgs) != fmt.Sprint(want) {
		t.Fatalf("errors %q, want %q", msgs, want)
	}
	for _, d := range p.Documents {
		if d.Name == "five" && d.Source != filepath.Join(root, "lines.jsonl")+" line 5" {
			t.Errorf("line numbers shifted: %s", d.Source)
		}
	}
	// a zip entry
	zp := ReadZip("z.zip", makeZip(t, map[string]string{"a.json": miniCAS, "b.json": miniCAS + big}, nil), Options{MaxDocBytes: 1024})
	if len(zp.Documents) != 1 || len(zp.Errors) != 1 || zp.Errors[0].Err.Error() != "zip entry exceeds --max-doc-bytes (1 KiB)" ||
		!errors.Is(zp.Errors[0], zipread.ErrTooLarge) {
		t.Fatalf("zip: docs %d errors %v", len(zp.Documents), zp.Errors)
	}
	// a JSON Lines entry larger than the limit is streamed: only its long
	// line is refused
	var jl strings.Builder
	for i := 0; i < 40; i++ {
		jl.WriteString(jsonlLine(fmt.Sprint(i)))
	}
	jl.WriteString(`{"id":"long","text":"` + big + `"}` + "\n")
	zp = ReadZip("j.zip", makeZip(t, map[string]string{"all.jsonl": jl.String()}, nil), Options{MaxDocBytes: 1024})
	if len(zp.Documents) != 40 || len(zp.Errors) != 1 || zp.Errors[0].Err.Error() != "jsonl: line 41 exceeds --max-doc-bytes (1 KiB)" {
		t.Fatalf("zipped JSON Lines: docs %d errors %v", len(zp.Documents), zp.Errors)
	}
	// and so is a held one, as bytes or as a ReaderAt
	for _, src := range []Source{
		{Name: "all.jsonl", Data: []byte(jl.String()), Project: "h"},
		{Name: "all.jsonl", At: strings.NewReader(jl.String()), Size: int64(jl.Len()), Project: "h"},
	} {
		var n int
		hp, err := Scan(context.Background(), []Source{src}, Options{MaxDocBytes: 1024}, func(*Project, *document.Document) error { n++; return nil })
		if err != nil || n != 40 || len(hp[0].Errors) != 1 || hp[0].Errors[0].Err.Error() != "jsonl: line 41 exceeds --max-doc-bytes (1 KiB)" {
			t.Fatalf("held JSON Lines (At %v): %v, docs %d, errors %v", src.At != nil, err, n, hp)
		}
	}
	// ... but still counts towards --max-zip-bytes
	zp = ReadZip("j.zip", makeZip(t, map[string]string{"all.jsonl": jl.String()}, nil), Options{MaxDocBytes: 1024, MaxZipBytes: 2048})
	if len(zp.Errors) != 1 || !errors.Is(zp.Errors[0], zipread.ErrArchiveTooLarge) || len(zp.Documents) > 2048/len(jsonlLine("1")) {
		t.Fatalf("zipped JSON Lines over --max-zip-bytes: docs %d errors %v", len(zp.Documents), zp.Errors)
	}
}

// TestZipTooManyEntries: one error for the zip, not one per entry.
func TestZipTooManyEntries(t *testing.T) {
	entries := map[string]string{}
	for i := 0; i < 300; i++ {
		entries[fmt.Sprintf("curation/d%03d.txt/CURATION_USER.json", i)] = "{"
	}
	data := makeZip(t, entries, nil)
	p := ReadZip("many.zip", data, Options{MaxZipEntries: 200})
	if len(p.Errors) != 1 || !errors.Is(p.Errors[0], zipread.ErrTooManyEntries) || len(p.Documents) != 0 {
		t.Fatalf("errors %v", p.Errors)
	}
	if !strings.Contains(p.Errors[0].Error(), "--max-zip-entries (200)") {
		t.Errorf("message does not name the flag: %v", p.Errors[0])
	}
}

// TestBoundedErrors: a project lists MaxErrors errors and counts the rest
// in one.
func TestBoundedErrors(t *testing.T) {
	entries := map[string]string{}
	for i := 0; i < 250; i++ {
		entries[fmt.Sprintf("curation/d%03d.txt/CURATION_USER.json", i)] = "{"
	}
	p := ReadZip("bad.zip", makeZip(t, entries, nil), Options{})
	if len(p.Errors) != MaxErrors+1 || p.ErrorsOmitted != 150 {
		t.Fatalf("%d errors, %d omitted", len(p.Errors), p.ErrorsOmitted)
	}
	last := p.Errors[MaxErrors]
	if !errors.Is(last, ErrErrorsOmitted) || !strings.Contains(last.Error(), "150 more") {
		t.Fatalf("summary %v", last)
	}
	for _, e := range p.Errors[:MaxErrors] {
		if errors.Is(e, ErrErrorsOmitted) {
			t.Fatal("summary before the end")
		}
	}
}

// TestNestedZip: a zip inside a project zip is reported unless it is
// INCEpTION's per-document XMI zip; zips in a folder are projects.
func TestNestedZip(t *testing.T) {
	inner := makeZip(t, map[string]string{"x.json": miniCAS}, nil)
	export := makeZip(t, map[string]string{
		"exportedproject.json":              `{"name":"p","source_documents":[{"name":"a.zip","state":"CURATION_FINISHED"}]}`,
		"curation/a.zip/CURATION_USER.json": miniCAS,
		"source/a.zip":                      string(inner),
		"extra/more.zip":                    string(inner),
	}, nil)
	p := ReadZip("export.zip", export, Options{})
	if len(p.Documents) != 1 || len(p.Errors) != 1 || !errors.Is(p.Errors[0], ErrNestedZip) || p.Errors[0].File != "export.zip:extra/more.zip" {
		t.Fatalf("export: docs %d errors %v", len(p.Documents), p.Errors)
	}
	plain := makeZip(t, map[string]string{"a.json": miniCAS, "sub/inner.ZIP": string(inner)}, nil)
	p = ReadZip("plain.zip", plain, Options{})
	if len(p.Documents) != 1 || len(p.Errors) != 1 || !errors.Is(p.Errors[0], ErrNestedZip) {
		t.Fatalf("plain: docs %d errors %v", len(p.Documents), p.Errors)
	}
	root := filepath.Join(t.TempDir(), "folder")
	writeTree(t, root, map[string]string{"a.json": miniCAS, "sub/inner.zip": string(inner)})
	projs, err := Read([]string{root}, Options{})
	if err != nil || len(projs) != 2 || projs[1].Name != "inner" || len(projs[1].Documents) != 1 {
		t.Fatalf("folder: %v %d projects", err, len(projs))
	}
}

// TestNoDocuments: a path that yields nothing is ErrNoDocuments naming the
// path as given; an empty zip inside a folder is an error of its project.
func TestNoDocuments(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty")
	writeTree(t, dir, map[string]string{"other/readme.pdf": "x", "lone/brief.txt": "text", "withzip/a.json": miniCAS})
	os.Mkdir(empty, 0o755)
	var ez bytes.Buffer
	zip.NewWriter(&ez).Close()
	os.WriteFile(filepath.Join(dir, "empty.zip"), ez.Bytes(), 0o644)
	os.WriteFile(filepath.Join(dir, "withzip", "nothing.zip"), ez.Bytes(), 0o644)
	for _, in := range []string{empty, filepath.Join(dir, "other"), filepath.Join(dir, "lone", "brief.txt"), filepath.Join(dir, "empty.zip")} {
		_, err := Read([]string{filepath.Join(dir, "withzip"), in}, Options{})
		if !errors.Is(err, ErrNoDocuments) || !strings.HasSuffix(err.Error(), "no documents found in "+in) {
			t.Errorf("%s: %v", in, err)
		}
	}
	projs, err := Read([]string{filepath.Join(dir, "withzip")}, Options{})
	if err != nil || len(projs) != 2 || len(projs[1].Errors) != 1 || !errors.Is(projs[1].Errors[0], ErrNoDocuments) {
		t.Fatalf("empty zip in a folder: %v %+v", err, projs)
	}
	if p := ReadZip("e.zip", ez.Bytes(), Options{}); len(p.Errors) != 1 || !errors.Is(p.Errors[0], ErrNoDocuments) {
		t.Fatalf("empty upload: %v", p.Errors)
	}
}

// TestIdentity: within a project no two documents share a name: loose
// documents are named by their folder relative to the project root, and
// true duplicates are both refused.
func TestIdentity(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		docs  string // sorted document names
		dups  int    // documents refused as duplicates
	}{
		{"same file name in two folders", map[string]string{"a/brief.json": miniCAS, "b/brief.json": miniCAS}, "a/brief b/brief", 0},
		{"same title in two folders", map[string]string{"a/x.json": titledCAS("brief.txt"), "b/y.json": titledCAS("brief.txt")}, "a/brief.txt b/brief.txt", 0},
		{"same title twice in one folder", map[string]string{"x.json": titledCAS("brief.txt"), "y.json": titledCAS("brief.txt"), "z.json": miniCAS}, "z", 2},
		{"same JSONL id twice", map[string]string{"l.jsonl": jsonlLine("7") + jsonlLine("8") + jsonlLine("7")}, "8", 2},
		{"same JSONL id in two files", map[string]string{"l.jsonl": jsonlLine("7"), "m.jsonl": jsonlLine("7")}, "", 2},
		{"same JSONL id in two folders", map[string]string{"a/l.jsonl": jsonlLine("7"), "b/l.jsonl": jsonlLine("7")}, "a/7 b/7", 0},
		{"BRAT and CAS of one name", map[string]string{"brief.txt": "Frau Anna Beispiel", "brief.ann": "T1\tNAME_PATIENT 5 18\tAnna Beispiel\n", "c.json": titledCAS("brief.txt")}, "", 2},
		{"BRAT in subfolder", map[string]string{"s/brief.txt": "Frau Anna Beispiel", "s/brief.ann": "T1\tNAME_PATIENT 5 18\tAnna Beispiel\n", "c.json": titledCAS("brief.txt")}, "brief.txt s/brief.txt", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := filepath.Join(t.TempDir(), "proj")
			writeTree(t, root, tt.files)
			projs, err := Read([]string{root}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			p := projs[0]
			if got := strings.Join(docNames(p), " "); got != tt.docs {
				t.Errorf("documents %q, want %q (errors %v)", got, tt.docs, p.Errors)
			}
			n := 0
			for _, e := range p.Errors {
				if !errors.Is(e, ErrDuplicateName) {
					t.Errorf("unexpected error %v", e)
					continue
				}
				n++
				if !strings.Contains(e.Err.Error(), "also in "+root) {
					t.Errorf("duplicate error does not name the other source: %v", e)
				}
			}
			if n != tt.dups {
				t.Errorf("%d duplicate errors, want %d", n, tt.dups)
			}
			assertNoText(t, p.Errors)
		})
	}
	// an export listing one document twice: both refused
	export := makeZip(t, map[string]string{
		"exportedproject.json":              `{"name":"p","source_documents":[{"name":"a.txt"},{"name":"b.txt"},{"name":"a.txt"}]}`,
		"curation/a.txt/CURATION_USER.json": miniCAS,
		"curation/b.txt/CURATION_USER.json": miniCAS,
	}, nil)
	p := ReadZip("export.zip", export, Options{})
	if len(p.Documents) != 1 || p.Documents[0].Name != "b.txt" || len(p.Errors) != 2 || !errors.Is(p.Errors[0], ErrDuplicateName) {
		t.Fatalf("export: docs %v errors %v", docNames(p), p.Errors)
	}
	// two inputs making one project name
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"x/p/a.json": miniCAS, "y/p/a.json": miniCAS})
	if _, err := Read([]string{filepath.Join(dir, "x", "p"), filepath.Join(dir, "y", "p")}, Options{}); !errors.Is(err, ErrDuplicateProject) {
		t.Fatalf("duplicate project: %v", err)
	}
	// names that one output folder would hold on a case-insensitive file
	// system (macOS, Windows): differing in case, or in the Unicode form
	// of ü
	for _, pair := range [][2]string{{"Briefe", "briefe"}, {"m\u00fcller", "MU\u0308LLER"}} {
		writeTree(t, dir, map[string]string{"x/" + pair[0] + "/a.json": miniCAS, "y/" + pair[1] + "/a.json": miniCAS})
		_, err := Read([]string{filepath.Join(dir, "x", pair[0]), filepath.Join(dir, "y", pair[1])}, Options{})
		if !errors.Is(err, ErrDuplicateProject) {
			t.Fatalf("projects %q and %q: %v", pair[0], pair[1], err)
		}
		if strings.Contains(err.Error(), pair[0]) || strings.Contains(err.Error(), pair[1]) {
			t.Errorf("the error names the projects (a folder may be named after a patient): %v", err)
		}
	}
	// ß and ss are two names there (NTFS keeps Straße and Strasse apart)
	writeTree(t, dir, map[string]string{"x/Straße/a.json": miniCAS, "y/Strasse/a.json": miniCAS})
	if _, err := Read([]string{filepath.Join(dir, "x", "Straße"), filepath.Join(dir, "y", "Strasse")}, Options{}); err != nil {
		t.Fatalf("projects Straße and Strasse: %v", err)
	}
}

// TestProgress: called once per file or zip entry read, counting up, and
// never with a name.
func TestProgress(t *testing.T) {
	root := filepath.Join(t.TempDir(), "p")
	zipData := makeZip(t, map[string]string{
		"exportedproject.json":              `{"name":"p","source_documents":[{"name":"a.txt"}]}`,
		"curation/a.txt/CURATION_USER.json": miniCAS,
	}, nil)
	writeTree(t, root, map[string]string{"a.json": miniCAS, "b.txt": "Frau Anna Beispiel", "b.ann": "T1\tNAME_PATIENT 5 18\tAnna Beispiel\n",
		"c.jsonl": jsonlLine("1") + jsonlLine("2"), "ignored.pdf": "x", "e.zip": string(zipData)})
	var calls []int
	_, err := Read([]string{root}, Options{Progress: func(n int) { calls = append(calls, n) }})
	if err != nil {
		t.Fatal(err)
	}
	// a.json, b.ann, b.txt, c.jsonl, exportedproject.json, the curated CAS
	if want := []int{1, 2, 3, 4, 5, 6}; fmt.Sprint(calls) != fmt.Sprint(want) {
		t.Fatalf("progress %v, want %v", calls, want)
	}
}

func TestHumanBytes(t *testing.T) {
	for n, want := range map[int64]string{0: "0 B", 1023: "1023 B", 1024: "1 KiB", 64 << 20: "64 MiB", 3 << 29: "1.5 GiB", 4 << 30: "4 GiB"} {
		if got := HumanBytes(n); got != want {
			t.Errorf("%d: %q, want %q", n, got, want)
		}
	}
}

// TestIdentityProperty: over random folder trees of CAS JSON and JSON
// Lines files, every input document either keeps a name no other document
// of its project has, or is refused as a duplicate together with every
// document of that name — none is dropped silently, none shares a name.
func TestIdentityProperty(t *testing.T) {
	folders := []string{"", "a/", "b/", "a/c/"}
	files := []string{"x", "y", "1"}
	titles := []string{"", "brief.txt", "arzt.txt"}
	ids := []string{"1", "2", "3"}
	for seed := int64(0); seed < 25; seed++ {
		rng := rand.New(rand.NewSource(seed))
		tree := map[string]string{}
		want := map[string]int{} // expected name → documents with it
		for i := rng.Intn(12) + 1; i > 0; i-- {
			folder := folders[rng.Intn(len(folders))]
			base := files[rng.Intn(len(files))]
			if rng.Intn(3) == 0 {
				p := folder + base + ".jsonl"
				if _, dup := tree[p]; dup {
					continue
				}
				var b strings.Builder
				for j := rng.Intn(3) + 1; j > 0; j-- {
					id := ids[rng.Intn(len(ids))]
					b.WriteString(jsonlLine(id))
					want[folder+id]++
				}
				tree[p] = b.String()
				continue
			}
			p := folder + base + ".json"
			if _, dup := tree[p]; dup {
				continue
			}
			title := titles[rng.Intn(len(titles))]
			if title == "" {
				tree[p] = miniCAS
				want[folder+base]++
			} else {
				tree[p] = titledCAS(title)
				want[folder+title]++
			}
		}
		root := filepath.Join(t.TempDir(), "proj")
		writeTree(t, root, tree)
		projs, err := Read([]string{root}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		p := projs[0]
		got := map[string]int{}
		for _, d := range p.Documents {
			got[d.Name]++
		}
		refused := map[string]int{}
		for _, e := range p.Errors {
			if !errors.Is(e, ErrDuplicateName) {
				t.Fatalf("seed %d: unexpected error %v", seed, e)
			}
			refused[e.Document]++
		}
		for name, n := range want {
			switch {
			case n == 1 && (got[name] != 1 || refused[name] != 0):
				t.Errorf("seed %d: %q read %d times, refused %d, want read once", seed, name, got[name], refused[name])
			case n > 1 && (got[name] != 0 || refused[name] != n):
				t.Errorf("seed %d: %q (%d documents) read %d times, refused %d, want all refused", seed, name, n, got[name], refused[name])
			}
		}
		if len(got)+len(refused) != len(want) {
			t.Errorf("seed %d: names %v + refused %v, want %v", seed, got, refused, want)
		}
	}
}

// TestBRATTextOnCommandLine: naming the .txt of a BRAT pair reads the pair.
func TestBRATTextOnCommandLine(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "p")
	writeTree(t, dir, map[string]string{"brief.txt": "Frau Anna Beispiel", "brief.ann": "T1\tNAME_PATIENT 5 18\tAnna Beispiel\n"})
	for _, in := range []string{"brief.txt", "brief.ann"} {
		projs, err := Read([]string{filepath.Join(dir, in)}, Options{})
		if err != nil || len(projs[0].Documents) != 1 || projs[0].Documents[0].Name != "brief.txt" || len(projs[0].Errors) != 0 {
			t.Fatalf("%s: %v %+v", in, err, projs)
		}
	}
	// a shell glob names both halves; a file named twice is read once
	for _, in := range [][]string{{"brief.ann", "brief.txt"}, {"brief.txt", "brief.ann"}, {"brief.txt", "brief.txt"}} {
		projs, err := Read([]string{filepath.Join(dir, in[0]), filepath.Join(dir, in[1])}, Options{})
		if err != nil || len(projs) != 1 || len(projs[0].Documents) != 1 || len(projs[0].Errors) != 0 {
			t.Fatalf("%v: %v %+v", in, err, projs)
		}
	}
}
