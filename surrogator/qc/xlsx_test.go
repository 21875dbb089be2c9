package qc

import (
	"bytes"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// TestWriteXLSX reads the workbook back with excelize: every cell as
// written, including what XML cannot hold, columns past Z and a cell
// longer than a cell may be.
func TestWriteXLSX(t *testing.T) {
	long := strings.Repeat("ä", maxCell+10)
	wide := make([]string, 30)
	for i := range wide {
		wide[i] = column(i)
	}
	data := map[string][][]string{
		"one": {{"document", "text"}, {"a&b<c>.txt", `"quoted" 'x'`}, {"", "  spaces kept  "}, {"tab\tnew\nline", "ctl\x01char"}},
		"two": {wide, {long}},
		"nil": nil,
	}
	names := []string{"one", "two", "nil"}
	rows := func(sheet string, emit func([]string) error) error {
		for _, r := range data[sheet] {
			if err := emit(r); err != nil {
				return err
			}
		}
		return nil
	}
	var a, b bytes.Buffer
	if err := writeXLSX(&a, names, rows); err != nil {
		t.Fatal(err)
	}
	writeXLSX(&b, names, rows)
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Fatal("the same rows gave different bytes")
	}
	f, err := excelize.OpenReader(bytes.NewReader(a.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if got := f.GetSheetList(); strings.Join(got, ",") != "one,two,nil" {
		t.Fatalf("sheets %v", got)
	}
	want := map[string][][]string{
		"one": {{"document", "text"}, {"a&b<c>.txt", `"quoted" 'x'`}, {"", "  spaces kept  "}, {"tab\tnew\nline", "ctl\uFFFDchar"}},
		"two": {wide, {long[:2*maxCell]}},
	}
	for _, name := range names {
		got, err := f.GetRows(name)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want[name]) {
			t.Fatalf("%s: %d rows, want %d", name, len(got), len(want[name]))
		}
		for i := range got {
			if strings.Join(got[i], "|") != strings.Join(want[name][i], "|") {
				t.Errorf("%s row %d: %.80q, want %.80q", name, i+1, got[i], want[name][i])
			}
		}
	}
	if column(0) != "A" || column(25) != "Z" || column(26) != "AA" || column(701) != "ZZ" || column(702) != "AAA" {
		t.Error("column names")
	}
}
