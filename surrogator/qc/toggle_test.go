package qc

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/unicode/norm"
)

// invented document names
const (
	umlautDoc = "bäckerei_notiz.txt"
	plainDoc  = "brief.txt"
)

func cp1252(t *testing.T, s string) []byte {
	b, err := charmap.Windows1252.NewEncoder().Bytes([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func utf16le(t *testing.T, s string) []byte {
	b, err := unicode.UTF16(unicode.LittleEndian, unicode.UseBOM).NewEncoder().Bytes([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestReadToggleFiles: encodings, separators, values, duplicates.
func TestReadToggleFiles(t *testing.T) {
	german := "document;part_of_corpus\r\n" + umlautDoc + ";1\r\n" + plainDoc + ";0\r\n"
	tests := []struct {
		name    string
		data    func(t *testing.T) []byte
		want    map[string]bool // document → include (project "p")
		wantErr string          // substring of the error; "" = no error
	}{
		{"utf-8 comma", func(*testing.T) []byte {
			return []byte("document,part_of_corpus\n" + umlautDoc + ",1\n" + plainDoc + ",0\n")
		}, map[string]bool{umlautDoc: true, plainDoc: false}, ""},
		{"utf-8 BOM semicolon", func(*testing.T) []byte { return []byte("\xef\xbb\xbf" + german) },
			map[string]bool{umlautDoc: true, plainDoc: false}, ""},
		{"cp1252 from German Excel", func(t *testing.T) []byte { return cp1252(t, german) },
			map[string]bool{umlautDoc: true, plainDoc: false}, ""},
		{"utf-16 tab-separated", func(t *testing.T) []byte {
			return utf16le(t, "document\tpart_of_corpus\r\n"+umlautDoc+"\t1\r\n")
		}, map[string]bool{umlautDoc: true}, ""},
		{"Excel sep= line", func(*testing.T) []byte { return []byte("sep=;\ndocument;part_of_corpus\n" + plainDoc + ";1\n") },
			map[string]bool{plainDoc: true}, ""},
		{"columns swapped, extra column, blank lines", func(*testing.T) []byte {
			return []byte("Part_of_Corpus,note,Document\n\n1,ok,  " + plainDoc + "  \n,,\n")
		}, map[string]bool{plainDoc: true}, ""},
		{"identical duplicate accepted", func(*testing.T) []byte {
			return []byte("document,part_of_corpus\n" + plainDoc + ",1\n" + plainDoc + ",1\n")
		}, map[string]bool{plainDoc: true}, ""},
		{"conflicting duplicate", func(*testing.T) []byte {
			return []byte("document,part_of_corpus\n" + plainDoc + ",1\nx.txt,1\n" + plainDoc + ",0\n")
		}, nil, "line 4: the same document as line 2 with a different part_of_corpus"},
		{"project row conflicts with general row", func(*testing.T) []byte {
			return []byte("project,document,part_of_corpus\np," + plainDoc + ",1\n," + plainDoc + ",0\n")
		}, nil, "line 3: the same document as line 2"},
		{"bad value ja", func(*testing.T) []byte {
			return []byte("document,part_of_corpus\n" + plainDoc + ",ja\n")
		}, nil, "line 2: part_of_corpus must be 0 (do not release) or 1 (release); nothing else is accepted"},
		{"empty value", func(*testing.T) []byte { return []byte("document,part_of_corpus\n" + plainDoc + ",\n") },
			nil, "line 2: part_of_corpus must be 0"},
		{"x, true, wahr refused", func(*testing.T) []byte {
			return []byte("document,part_of_corpus\na,x\nb,true\nc,wahr\nd,1\n")
		}, nil, "(3 problems)"},
		{"no document name", func(*testing.T) []byte { return []byte("document,part_of_corpus\n,1\n") }, nil, "line 2: no document name"},
		{"line numbers after a quoted multi-line cell", func(*testing.T) []byte {
			return []byte("document,part_of_corpus,note\n" + plainDoc + ",1,\"two\nlines\"\nx.txt,2,\n")
		}, nil, "line 4: part_of_corpus"},
		{"header missing", func(*testing.T) []byte { return []byte("doc,value\na,1\n") }, nil, "line 1: the header needs"},
		{"empty file", func(*testing.T) []byte { return nil }, nil, "empty file"},
	}
	dir := t.TempDir()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := filepath.Join(dir, strings.ReplaceAll(tt.name, " ", "_")+".csv")
			if err := os.WriteFile(p, tt.data(t), 0o600); err != nil {
				t.Fatal(err)
			}
			tg, err := ReadToggle(p)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !errors.Is(err, ErrToggle) {
					t.Fatalf("error %v, want %q", err, tt.wantErr)
				}
				if strings.Contains(err.Error(), plainDoc) {
					t.Errorf("error names a document: %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tg.Len() != len(tt.want) {
				t.Errorf("%d rows, want %d", tg.Len(), len(tt.want))
			}
			for doc, want := range tt.want {
				if inc, listed := tg.Decision("p", doc); !listed || inc != want {
					t.Errorf("%s: include %v listed %v, want %v", doc, inc, listed, want)
				}
			}
		})
	}
}

// TestReadToggleXLSX: an xlsx row with a bad value is cited by its row
// number.
func TestReadToggleXLSX(t *testing.T) {
	f := excelize.NewFile()
	f.SetSheetName("Sheet1", "corpus_documents")
	for i, row := range [][]string{{"document", "part_of_corpus"}, {plainDoc, "1"}, {umlautDoc, "vielleicht"}} {
		for j, v := range row {
			cell, _ := excelize.CoordinatesToCellName(j+1, i+1)
			f.SetCellStr("corpus_documents", cell, v)
		}
	}
	p := filepath.Join(t.TempDir(), "t.xlsx")
	if err := f.SaveAs(p); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadToggle(p); err == nil || !strings.Contains(err.Error(), "line 3: part_of_corpus must be 0") {
		t.Fatalf("error %v", err)
	}
}

// TestToggleValidate: every row must name a document of the run.
func TestToggleValidate(t *testing.T) {
	nfd := norm.NFD.String(umlautDoc)
	run := map[string][]string{"p": {plainDoc, umlautDoc}, "q": {"other.txt"}}
	tests := []struct {
		name, csv string
		want      []string // substrings of the error, in order; nil = valid
	}{
		{"all rows match, rows without project span projects",
			"document,part_of_corpus\n" + plainDoc + ",1\nother.txt,0\n", nil},
		{"project column",
			"project,document,part_of_corpus\np," + plainDoc + ",1\nq,other.txt,1\n," + umlautDoc + ",0\n", nil},
		{"typo", "document,part_of_corpus\nbiref.txt,1\n" + plainDoc + ",1\n",
			[]string{"line 2: no document of the run has this name\n"}},
		{"letter case", "document,part_of_corpus\nBRIEF.TXT,1\n",
			[]string{"line 2: no document of the run has this name; one differs only in letter case or Unicode normalisation"}},
		{"NFD umlaut", "document,part_of_corpus\n" + nfd + ",1\n",
			[]string{"line 2: no document of the run has this name; one differs only in letter case"}},
		{"project not in the run", "project,document,part_of_corpus\nr," + plainDoc + ",1\n",
			[]string{"line 2: its project is not part of this run"}},
		{"document of another project", "project,document,part_of_corpus\nq," + plainDoc + ",1\np,Brief.txt,1\n",
			[]string{"line 2: no document of its project has this name\n", "line 3: no document of its project has this name; one differs"}},
		{"every bad row listed, in line order", "document,part_of_corpus\n" + plainDoc + ",1\na,1\nb,1\nc,1\nd,1\ne,1\nf,1\ng,1\nh,1\ni,1\nj,1\n",
			[]string{"(10 problems)", "line 3:", "line 4:", "line 9:", "line 10:", "line 11:", "line 12:"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "t.csv")
			os.WriteFile(p, []byte(tt.csv), 0o600)
			tg, err := ReadToggle(p)
			if err != nil {
				t.Fatal(err)
			}
			err = tg.ValidateRun(run)
			if tt.want == nil {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil || !errors.Is(err, ErrToggle) {
				t.Fatalf("accepted: %v", err)
			}
			msg := err.Error() + "\n"
			at := 0
			for _, w := range tt.want {
				i := strings.Index(msg[at:], w)
				if i < 0 {
					t.Fatalf("error %q lacks %q (in order)", msg, w)
				}
				at += i + len(w)
			}
			for _, name := range []string{plainDoc, umlautDoc, "biref", "BRIEF"} {
				if strings.Contains(msg, name) {
					t.Errorf("error names a document: %s", msg)
				}
			}
		})
	}
	// Validate is ValidateRun for one project
	p := filepath.Join(t.TempDir(), "t.csv")
	os.WriteFile(p, []byte("document,part_of_corpus\nother.txt,1\n"), 0o600)
	tg, _ := ReadToggle(p)
	if err := tg.Validate("q", []string{"other.txt"}); err != nil {
		t.Fatal(err)
	}
	if err := tg.Validate("p", run["p"]); err == nil {
		t.Fatal("row of no document of the project accepted")
	}
}

// FuzzReadToggleCSV: any bytes either are refused with ErrToggle or give a
// toggle whose every row is decided 0 or 1 as written.
func FuzzReadToggleCSV(f *testing.F) {
	f.Add([]byte("document,part_of_corpus\nbrief.txt,1\n"))
	f.Add([]byte("\xef\xbb\xbfproject;document;part_of_corpus\r\np;b\xe4cker.txt;0\r\n"))
	f.Add([]byte("sep=;\ndocument;part_of_corpus\n\"a;b\";1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		rows, lines, err := readToggleCSV(data)
		if err != nil {
			if !errors.Is(err, ErrToggle) && !strings.Contains(err.Error(), "qc: toggle") {
				t.Fatalf("unwrapped error %v", err)
			}
			return
		}
		tg, err := parseToggle(rows, lines, true)
		if err != nil {
			if !errors.Is(err, ErrToggle) {
				t.Fatalf("error without ErrToggle: %v", err)
			}
			return
		}
		for _, r := range tg.rows {
			if _, listed := tg.Decision(r.project, r.doc); !listed {
				t.Fatalf("row of line %d not decided", r.line)
			}
		}
	})
}

func TestToggleOtherSpreadsheets(t *testing.T) {
	p := filepath.Join(t.TempDir(), "t.xls")
	os.WriteFile(p, []byte{0xd0, 0xcf, 0x11, 0xe0}, 0o600)
	if _, err := ReadToggle(p); err == nil || !strings.Contains(err.Error(), "save the table as .xlsx or .csv") {
		t.Fatalf("xls: %v", err)
	}
}
