package qc

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// suspectDoc: an invented letter with an annotated name, an unannotated
// repeat of it and an unannotated date, after characters that make UTF-16,
// code point and byte offsets differ (ü: 2 bytes; 😀: 4 bytes, 2 UTF-16 units).
func suspectDoc(f document.Format) *document.Document {
	text := "Grüße 😀 an Frau Wendelmuth. Frau Wendelmuth kam am 12.03.2021."
	b := strings.Index(text, "Wendelmuth")
	return &document.Document{Name: "brief.txt", Format: f, Text: text,
		Spans: []document.Span{{Kind: kinds.NamePatient, Label: "NAME_PATIENT", Begin: b, End: b + len("Wendelmuth")}}}
}

func TestSuspectOffsetsFollowTheSource(t *testing.T) {
	for _, c := range []struct {
		format document.Format
		unit   string
	}{
		{document.FormatCASJSON, OffsetsUTF16}, {document.FormatXMI, OffsetsUTF16},
		{document.FormatJSONL, OffsetsCodePoint}, {document.FormatBRAT, OffsetsCodePoint}, {document.FormatText, OffsetsCodePoint},
	} {
		d := suspectDoc(c.format)
		q := Check(d)
		if q.SuspectOffsets != c.unit {
			t.Errorf("%s: unit %q, want %q", c.format, q.SuspectOffsets, c.unit)
		}
		if len(q.Suspects) != 2 {
			t.Fatalf("%s: %d suspects, want 2 (repeat and date)", c.format, len(q.Suspects))
		}
		for _, s := range q.Suspects {
			var got string
			if c.unit == OffsetsUTF16 {
				u := utf16.Encode([]rune(d.Text))
				got = string(utf16.Decode(u[s.Begin:s.End]))
			} else {
				got = string([]rune(d.Text)[s.Begin:s.End])
			}
			if got != s.Text {
				t.Errorf("%s: offsets %d-%d give %q, text is %q", c.format, s.Begin, s.End, got, s.Text)
			}
		}
		if q.Suspects[0].Kind != string(kinds.NamePatient) || q.Suspects[1].Kind != string(kinds.Date) {
			t.Errorf("%s: kinds %s, %s", c.format, q.Suspects[0].Kind, q.Suspects[1].Kind)
		}
	}
}

// TestSuspectsReportedNotDecided: suspects are written to every private QC
// file, do not change part_of_corpus, and the toggle reader still reads the
// written corpus_documents (CSV and xlsx) with the extra suspects column.
func TestSuspectsReportedNotDecided(t *testing.T) {
	d := suspectDoc(document.FormatCASJSON)
	p := RunWith(&formats.Project{Name: "p", Documents: []*document.Document{d}}, nil)
	q := p.Docs[0]
	if !q.PartOfCorpus || len(q.Suspects) != 2 {
		t.Fatalf("part_of_corpus %v with %d suspects; suspects must not decide", q.PartOfCorpus, len(q.Suspects))
	}
	dir := t.TempDir()
	if err := p.Write(dir); err != nil {
		t.Fatal(err)
	}
	rows := readCSV(t, filepath.Join(dir, FileSuspects))
	if strings.Join(rows[0], ",") != "document,begin,end,kind,text" || len(rows) != 3 {
		t.Fatalf("suspects.csv: %q", rows)
	}
	if rows[1][3] != "NAME_PATIENT" || rows[1][4] != "Wendelmuth" || rows[2][4] != "12.03.2021" {
		t.Errorf("suspects.csv rows %q", rows[1:])
	}
	docs := readCSV(t, filepath.Join(dir, FileDocuments))
	if strings.Join(docs[0], ",") != "document,part_of_corpus,suspects" || docs[1][2] != "2" {
		t.Errorf("corpus_documents.csv: %q", docs)
	}
	var js struct {
		Documents []struct {
			Suspects       []Suspect `json:"suspects"`
			SuspectOffsets string    `json:"suspect_offsets"`
		} `json:"documents"`
	}
	raw, err := os.ReadFile(filepath.Join(dir, FileJSON))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &js); err != nil || len(js.Documents[0].Suspects) != 2 || js.Documents[0].SuspectOffsets != OffsetsUTF16 {
		t.Errorf("quality_control.json: %v %+v", err, js.Documents)
	}
	md, _ := os.ReadFile(filepath.Join(dir, FileReport))
	if !strings.Contains(string(md), "## Suspected unannotated PII") || !strings.Contains(string(md), "| 12.03.2021 |") {
		t.Errorf("report.md lacks the suspects section")
	}
	for _, f := range []string{FileDocuments, FileXLSX} {
		tg, err := ReadToggle(filepath.Join(dir, f))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if inc, listed := tg.Decision("p", "brief.txt"); !inc || !listed {
			t.Errorf("%s: decision %v %v", f, inc, listed)
		}
	}
}

func readCSV(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}
