package qc

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/xuri/excelize/v2"
)

func readProject(t *testing.T, rel string) *Project {
	t.Helper()
	p := testutil.Shared(t, rel)
	projs, err := formats.Scan(context.Background(), formats.PathSources([]string{p}), formats.Options{}, nil)
	if err != nil || len(projs) != 1 {
		t.Fatalf("read: %v (%d projects)", err, len(projs))
	}
	return Run(projs[0])
}

func TestInceptionPartOfCorpus(t *testing.T) {
	q := readProject(t, "corpora/inception-projects/project-deid-test-data-1.zip")
	dir := t.TempDir()
	if err := q.Write(dir); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(filepath.Join(dir, FileDocuments))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(f).ReadAll()
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 16 {
		t.Fatalf("%d rows, want 15 + header", len(rows)-1)
	}
	zero := map[string]bool{"alpenwirt.txt": true, "minister_angehörige.txt": true, "weitsprung.txt": true,
		"busfahrerin.txt": true, "gesetzesnennung.txt": true}
	for _, r := range rows[1:] {
		want := "1"
		if zero[r[0]] {
			want = "0"
		}
		if r[1] != want {
			t.Errorf("%s: part_of_corpus %s, want %s", r[0], r[1], want)
		}
	}
	report, _ := os.ReadFile(filepath.Join(dir, FileReport))
	for doc := range zero {
		found := false
		for _, line := range strings.Split(string(report), "\n") {
			if strings.HasPrefix(line, "| "+doc+" | contains ") {
				found = true
			}
		}
		if !found {
			t.Errorf("report.md names no reason for %s", doc)
		}
	}
	for _, name := range []string{FileDetails, FileStats, FileDocuments, FileJSON, FileXLSX, FileReport} {
		fi, err := os.Stat(filepath.Join(dir, name))
		if err != nil || fi.Mode().Perm() != 0o600 {
			t.Errorf("%s: %v %v", name, err, fi)
		}
	}
	// nothing else is left in the folder (the xlsx stream writer's spill
	// files hold original PII)
	if ents, _ := os.ReadDir(dir); len(ents) != 7 {
		var names []string
		for _, e := range ents {
			names = append(names, e.Name())
		}
		t.Errorf("QC folder holds %v, want the 7 report files", names)
	}
	// xlsx holds the same cells as the CSVs, unescaped
	x, err := excelize.OpenFile(filepath.Join(dir, FileXLSX))
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	for sheet, file := range map[string]string{"corpus_documents": FileDocuments, "statistics": FileStats, "corpus_details": FileDetails} {
		xr, err := x.GetRows(sheet)
		if err != nil {
			t.Fatal(err)
		}
		cf, _ := os.Open(filepath.Join(dir, file))
		cr, _ := csv.NewReader(cf).ReadAll()
		cf.Close()
		if len(xr) != len(cr) {
			t.Fatalf("%s: %d xlsx rows vs %d csv rows", sheet, len(xr), len(cr))
		}
		for i := range cr {
			// excelize drops trailing empty cells
			for j := range cr[i] {
				got := ""
				if j < len(xr[i]) {
					got = xr[i][j]
				}
				// the CSV's cells are escaped (escapeCell), the xlsx's are text
				if want, err := unescapeCell(cr[i][j]); err != nil || got != want {
					t.Fatalf("%s: cell %d,%d differs", sheet, i, j)
				}
			}
		}
	}
}

// TestGrasccoTables: the AGE, PROFESSION and DATE_BIRTH tables of the
// GraSCCo corpus, against a golden file and against an independent count
// from the raw CAS JSON.
func TestGrasccoTables(t *testing.T) {
	q := readProject(t, "corpora/grascco-pii")
	// The golden names documents by index and values by a digest: texts
	// from ../shared are not copied into the repository.
	digest := func(s string) string {
		h := sha256.Sum256([]byte(s))
		return hex.EncodeToString(h[:6])
	}
	var b strings.Builder
	for i, d := range q.Docs {
		for _, k := range []string{"AGE", "PROFESSION", "DATE_BIRTH"} {
			for _, v := range d.Distinct[k] {
				fmt.Fprintf(&b, "doc%d\t%s\t%s\n", i, k, digest(v))
			}
		}
		fmt.Fprintf(&b, "doc%d\tDATE_BIRTH_COUNT\t%d\n", i, d.DateBirths)
		for _, f := range d.Flags {
			if f.Kind == FlagAge || f.Kind == FlagProfession || f.Kind == FlagDateBirthCount {
				fmt.Fprintf(&b, "doc%d\tFLAG\t%s %d\n", i, f.Kind, f.Span)
			}
		}
	}
	testutil.Golden(t, "testdata/grascco_tables.golden", []byte(b.String()))

	// independent count from the raw JSON
	dir := testutil.Shared(t, "corpora/grascco-pii")
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	want := map[string]int{}
	for _, f := range files {
		data, _ := os.ReadFile(f)
		var raw struct {
			FS []map[string]any `json:"%FEATURE_STRUCTURES"`
		}
		json.Unmarshal(data, &raw)
		for _, fs := range raw.FS {
			if k, ok := fs["kind"].(string); ok && (k == "AGE" || k == "PROFESSION" || k == "DATE_BIRTH") {
				want[k]++
			}
		}
	}
	got := map[string]int{}
	for _, d := range q.Docs {
		for _, k := range []string{"AGE", "PROFESSION", "DATE_BIRTH"} {
			got[k] += d.Counts[k]
		}
	}
	for k, n := range want {
		if got[k] != n {
			t.Errorf("%s: QC counts %d, raw annotations %d", k, got[k], n)
		}
	}
	if want["DATE_BIRTH"] == 0 {
		t.Fatal("no DATE_BIRTH in corpus: test cannot fail")
	}
}

func TestToggle(t *testing.T) {
	q := &Project{Project: "p", Docs: []*Doc{
		{Document: "a.txt", PartOfCorpus: true}, {Document: "b.txt", PartOfCorpus: false}, {Document: "c.txt", PartOfCorpus: true},
	}}
	dir := t.TempDir()
	if err := q.Write(dir); err != nil {
		t.Fatal(err)
	}
	csvPath := filepath.Join(dir, FileDocuments)
	tg, err := ReadToggle(csvPath)
	if err != nil {
		t.Fatal(err)
	}
	for doc, want := range map[string]bool{"a.txt": true, "b.txt": false, "c.txt": true} {
		if got, listed := tg.Decision("p", doc); !listed || got != want {
			t.Errorf("%s: %v %v", doc, got, listed)
		}
	}
	// flip b to 1 and a to 0 in the CSV, and in a German-Excel style file
	os.WriteFile(csvPath, []byte("document,part_of_corpus\na.txt,0\nb.txt,1\nc.txt,1\n"), 0o600)
	tg, _ = ReadToggle(csvPath)
	if inc, _ := tg.Decision("p", "a.txt"); inc {
		t.Error("flip to 0 not honoured")
	}
	if inc, _ := tg.Decision("p", "b.txt"); !inc {
		t.Error("flip to 1 not honoured")
	}
	semi := filepath.Join(dir, "semi.csv")
	os.WriteFile(semi, []byte("\xef\xbb\xbfdocument;part_of_corpus\na.txt;1\nb.txt;0\n"), 0o600)
	tg, err = ReadToggle(semi)
	if err != nil {
		t.Fatal(err)
	}
	if inc, _ := tg.Decision("p", "a.txt"); !inc {
		t.Error("semicolon csv")
	}
	// xlsx: flip c to 0
	x, err := excelize.OpenFile(filepath.Join(dir, FileXLSX))
	if err != nil {
		t.Fatal(err)
	}
	x.SetCellStr("corpus_documents", "B4", "0")
	xp := filepath.Join(dir, "edited.xlsx")
	if err := x.SaveAs(xp); err != nil {
		t.Fatal(err)
	}
	x.Close()
	tg, err = ReadToggle(xp)
	if err != nil {
		t.Fatal(err)
	}
	if inc, listed := tg.Decision("p", "c.txt"); inc || !listed {
		t.Error("xlsx flip not honoured")
	}
	if _, err := parseToggle([][]string{{"doc", "x"}}, nil, false); err == nil {
		t.Error("bad header accepted")
	}
	if _, err := parseToggle([][]string{{"document", "part_of_corpus"}, {"a", "maybe"}}, nil, false); err == nil {
		t.Error("bad value accepted")
	}
}

func TestCheckFlags(t *testing.T) {
	text := "Pat. 93 Jahre, Metzger, geb. 31.02.2020 und 1.1.1950, xx"
	d := &document.Document{Name: "t.txt", Text: text, Spans: []document.Span{
		{Label: "AGE", Begin: 5, End: 13},
		{Label: "PROFESSION", Begin: 15, End: 22},
		{Label: "DATE_BIRTH", Begin: 29, End: 39},
		{Label: "DATE_BIRTH", Begin: 44, End: 52},
		{Label: "", Begin: 54, End: 56},
	}}
	d.Normalize()
	q := Check(d)
	got := map[string]int{}
	for _, f := range q.Flags {
		got[f.Kind]++
	}
	want := map[string]int{FlagAge: 1, FlagProfession: 1, FlagDateBirthCount: 1, FlagWrong: 1, FlagUnparseable: 1}
	var keys []string
	for k := range want {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if got[k] != want[k] {
			t.Errorf("flag %s: %d, want %d (all %v)", k, got[k], want[k], got)
		}
	}
	if q.PartOfCorpus {
		t.Error("wrong annotation must exclude")
	}
}

// TestXLSXDeterministic: the workbook of one report is the same bytes
// every time (excelize writes streamed sheets in map order; the engine
// promises byte-identical outputs).
func TestXLSXDeterministic(t *testing.T) {
	q := readProject(t, "corpora/inception-projects/project-deid-test-data-1.zip")
	first, err := q.XLSX()
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 20; i++ {
		again, err := q.XLSX()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(first, again) {
			t.Fatalf("write %d differs from the first", i+2)
		}
	}
}

// TestWriteStreamsSameBytes: the streamed report files are the bytes the
// whole-report encoders give (json.MarshalIndent, CSV of Tables), for the
// shared export and for edge cases (no documents, no title).
func TestWriteStreamsSameBytes(t *testing.T) {
	projects := []*Project{
		{Project: "empty"},
		{Project: "none", Title: "T", Docs: []*Doc{}},
	}
	if q := readProjectOrNil(t, "corpora/inception-projects/project-deid-test-data-1.zip"); q != nil {
		projects = append(projects, q)
	}
	for _, q := range projects {
		dir := t.TempDir()
		if err := q.Write(dir); err != nil {
			t.Fatal(err)
		}
		want, _ := json.MarshalIndent(q, "", "  ")
		if got, _ := os.ReadFile(filepath.Join(dir, FileJSON)); !bytes.Equal(got, append(want, '\n')) {
			t.Errorf("%s: streamed %s differs from json.MarshalIndent", q.Project, FileJSON)
		}
		tables := q.Tables()
		for name, sheet := range map[string]string{FileDetails: "corpus_details", FileStats: "statistics", FileDocuments: "corpus_documents", FileSuspects: "suspects"} {
			if got, _ := os.ReadFile(filepath.Join(dir, name)); !bytes.Equal(got, CSV(tables[sheet])) {
				t.Errorf("%s: streamed %s differs from CSV(Tables())", q.Project, name)
			}
		}
	}
}

// readProjectOrNil is readProject that returns nil when ../shared is absent.
func readProjectOrNil(t *testing.T, rel string) *Project {
	t.Helper()
	if _, err := os.Stat(filepath.Join(testutil.RepoRoot(t), "..", "shared", rel)); err != nil {
		return nil
	}
	return readProject(t, rel)
}
