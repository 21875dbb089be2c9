package qc

import (
	"archive/zip"
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// reviewProject is a small report with adversarial document names and
// flag texts (invented strings).
func reviewProject() *Project {
	docs := []*Doc{
		{Document: "=1+1", PartOfCorpus: false, Readable: true, Reasons: []string{"OTHER"}, Counts: map[string]int{"NAME_PATIENT": 1},
			Distinct: map[string][]string{"NAME_PATIENT": {`=HYPERLINK("http://x","y")`}},
			Flags:    []Flag{{Kind: FlagOther, Span: 0, Label: "OTHER", Text: "]]><![CDATA[x", Detail: "@SUM(A1)"}}, Suspects: []Suspect{}},
		{Document: "+49 170 0000", PartOfCorpus: true, Readable: true, Counts: map[string]int{}, Distinct: map[string][]string{},
			Flags: []Flag{{Kind: FlagAge, Span: 1, Text: "ctl\x01\x1b tab\t cr\r"}}, Suspects: []Suspect{}},
		{Document: "-2", PartOfCorpus: true, Readable: true, Counts: map[string]int{}, Distinct: map[string][]string{}, Flags: []Flag{}, Suspects: []Suspect{}},
		{Document: "lead\u00a0and trail", PartOfCorpus: false, Readable: true, Counts: map[string]int{}, Distinct: map[string][]string{}, Flags: []Flag{}, Suspects: []Suspect{}},
	}
	return Assemble("p", "", docs, nil)
}

// TestReviewXLSXFormulaTextStaysText: a value beginning with = + - @ is
// an inline string, never a formula, in the raw XML and for excelize.
func TestReviewXLSXFormulaTextStaysText(t *testing.T) {
	p := reviewProject()
	b, err := p.XLSX()
	if err != nil {
		t.Fatal(err)
	}
	zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range zr.File {
		rc, _ := f.Open()
		x, _ := io.ReadAll(rc)
		rc.Close()
		if bytes.Contains(x, []byte("<f>")) || bytes.Contains(x, []byte("<f ")) {
			t.Errorf("%s holds a formula element", f.Name)
		}
	}
	x, err := excelize.OpenReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	rows, _ := x.GetRows("corpus_documents")
	want := [][]string{{"document", "part_of_corpus", "suspects"}, {"=1+1", "0", "0"}, {"+49 170 0000", "1", "0"}, {"-2", "1", "0"}, {"lead\u00a0and trail", "0", "0"}}
	if len(rows) != len(want) {
		t.Fatalf("rows %q", rows)
	}
	for i := range want {
		if strings.Join(rows[i], "|") != strings.Join(want[i], "|") {
			t.Errorf("row %d: %q want %q", i+1, rows[i], want[i])
		}
	}
	if f, _ := x.GetCellFormula("corpus_documents", "A2"); f != "" {
		t.Errorf("A2 is a formula %q", f)
	}
	fl, _ := x.GetRows("flags")
	if len(fl) < 2 || fl[1][4] != "]]><![CDATA[x" || fl[1][5] != "@SUM(A1)" {
		t.Errorf("flags %q", fl)
	}
}

// TestReviewToggleEditedWithOpenpyxl: the workbook a curator opens,
// edits and saves (openpyxl stands in for Excel/LibreOffice: it rewrites
// the inline strings as shared strings and writes the edited cell as a
// number) is read back by ReadToggle with the curator's decisions.
func TestReviewToggleEditedWithOpenpyxl(t *testing.T) {
	py := "/usr/bin/python3"
	if exec.Command(py, "-c", "import openpyxl").Run() != nil {
		t.Skip("needs /usr/bin/python3 with openpyxl")
	}
	dir := t.TempDir()
	p := reviewProject()
	if err := p.Write(dir); err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(dir, FileXLSX)
	out := filepath.Join(dir, "edited.xlsx")
	script := `
import sys, openpyxl
wb = openpyxl.load_workbook(sys.argv[1])
ws = wb["corpus_documents"]
for row in ws.iter_rows(min_row=2):
    if row[0].value == "=1+1":
        row[1].value = 1          # the curator releases it: a number now
    if row[0].value == "-2":
        row[1].value = "0"        # typed as text
wb.active = wb.sheetnames.index("flags")  # saved with another sheet in front
wb.save(sys.argv[2])
`
	if o, err := exec.Command(py, "-c", script, in, out).CombinedOutput(); err != nil {
		t.Fatalf("openpyxl: %v %s", err, o)
	}
	tg, err := ReadToggle(out)
	if err != nil {
		t.Fatal(err)
	}
	if err := tg.Validate("p", []string{"=1+1", "+49 170 0000", "-2", "lead\u00a0and trail"}); err != nil {
		t.Fatal(err)
	}
	for doc, want := range map[string]bool{"=1+1": true, "+49 170 0000": true, "-2": false, "lead\u00a0and trail": false} {
		inc, listed := tg.Decision("p", doc)
		if !listed || inc != want {
			t.Errorf("%q: include %v listed %v, want %v", doc, inc, listed, want)
		}
	}
	// and the unedited workbook as written
	tg, err = ReadToggle(in)
	if err != nil {
		t.Fatal(err)
	}
	if inc, listed := tg.Decision("p", "=1+1"); !listed || inc {
		t.Errorf("unedited: =1+1 include %v listed %v", inc, listed)
	}
}

// TestReviewXLSXRowLimit: a sheet holds at most 1,048,576 rows (ECMA-376,
// Excel, LibreOffice); a flags or suspects sheet of a large run (10,000
// letters × 100 suspects) gets there. The workbook keeps the first
// 1,048,575 rows and says in the last one how many are missing (the CSV
// files and quality_control.json hold them all), instead of a workbook
// that Excel calls damaged.
func TestReviewXLSXRowLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 1,048,578 rows")
	}
	rows := func(sheet string, emit func([]string) error) error {
		for i := 0; i < maxRows+2; i++ {
			if err := emit([]string{strconv.Itoa(i)}); err != nil {
				return err
			}
		}
		return nil
	}
	sheet := writtenSheet(t, rows)
	if n := strings.Count(sheet, "<row "); n != maxRows {
		t.Fatalf("%d rows, want %d", n, maxRows)
	}
	last := sheet[strings.LastIndex(sheet, "<row "):]
	if !strings.Contains(last, `<row r="1048576">`) || !strings.Contains(last, "… 3 more rows") {
		t.Fatalf("last row %.200s", last)
	}
}

// writtenSheet returns the XML of the first sheet writeXLSX writes.
func writtenSheet(t *testing.T, rows func(string, func([]string) error) error) string {
	t.Helper()
	var b bytes.Buffer
	if err := writeXLSX(&b, []string{"s"}, rows); err != nil {
		t.Fatal(err)
	}
	zr, err := zip.NewReader(bytes.NewReader(b.Bytes()), int64(b.Len()))
	if err != nil {
		t.Fatal(err)
	}
	f, err := zr.Open("xl/worksheets/sheet1.xml")
	if err != nil {
		t.Fatal(err)
	}
	data, err := io.ReadAll(f)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestReviewXLSXNoTempFiles: writing the workbook leaves nothing in the
// temporary folder (the old excelize writer spilled large sheets to
// os.TempDir in clear).
func TestReviewXLSXNoTempFiles(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	dir := t.TempDir()
	p := reviewProject()
	if err := p.Write(dir); err != nil {
		t.Fatal(err)
	}
	if ents, _ := os.ReadDir(tmp); len(ents) != 0 {
		t.Fatalf("left in TMPDIR: %d entries", len(ents))
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), ".tmp-") {
			t.Fatalf("temporary file left in the QC folder")
		}
	}
}

// TestReviewXLSXEscapesXHHHH: OOXML reads "_xHHHH_" in a string as the
// character U+HHHH (ECMA-376 Part 1, 22.9.2.19 ST_Xstring); a literal
// "_x" sequence must be written as "_x005F_x…". excelize's writer did
// that; the new writer does not, so Excel shows "scan_x0041_.txt" as
// "scanA.txt" and ReadToggle (excelize) reads the curator's workbook back
// with a document name that is not in the run: the toggle file is
// rejected. Scanner and PACS exports do name files "…_x0041_…".
func TestReviewXLSXEscapesXHHHH(t *testing.T) {
	const name = "scan_x0041_.txt"
	p := Assemble("p", "", []*Doc{{Document: name, PartOfCorpus: true, Readable: true, Counts: map[string]int{}, Distinct: map[string][]string{},
		Flags: []Flag{{Kind: FlagAge, Span: 0, Text: "_x000D_"}}, Suspects: []Suspect{}}}, nil)
	dir := t.TempDir()
	if err := p.Write(dir); err != nil {
		t.Fatal(err)
	}
	x, err := excelize.OpenFile(filepath.Join(dir, FileXLSX))
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	rows, _ := x.GetRows("corpus_documents")
	if len(rows) < 2 || rows[1][0] != name {
		t.Errorf("excelize reads the document as %q, want %q", rows, name)
	}
	fl, _ := x.GetRows("flags")
	if len(fl) < 2 || fl[1][4] != "_x000D_" {
		t.Errorf("flag text read back as %q", fl)
	}
	tg, err := ReadToggle(filepath.Join(dir, FileXLSX))
	if err != nil {
		t.Fatal(err)
	}
	if err := tg.Validate("p", []string{name}); err != nil {
		t.Fatalf("the workbook as written is rejected as a toggle file: %v", err)
	}
}

// TestReviewXLSXColumnLimit: a sheet holds at most 16,384 columns (XFD);
// corpus_details has one column per kind plus one per distinct wrong
// label of the corpus. The workbook keeps the first 16,384 (the CSV files
// hold every column); column XFE would make Excel refuse the file.
func TestReviewXLSXColumnLimit(t *testing.T) {
	row := make([]string, maxCols+1)
	for i := range row {
		row[i] = "x"
	}
	sheet := writtenSheet(t, func(sheet string, emit func([]string) error) error { return emit(row) })
	if n := strings.Count(sheet, "<c "); n != maxCols || !strings.Contains(sheet, `r="XFD1"`) || strings.Contains(sheet, `r="XFE1"`) {
		t.Fatalf("%d cells", n)
	}
}
