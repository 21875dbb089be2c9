package qc

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/xuri/excelize/v2"
)

// Toggle is the reviewer's release decision read from an edited
// corpus_documents.csv or quality_control.xlsx.
type Toggle struct {
	// byDoc maps document name → include; byProject maps
	// "project\x00document" → include when a project column exists.
	byDoc     map[string]bool
	byProject map[string]bool
}

// Decision returns whether the toggle file includes the document and
// whether it lists it at all.
func (t *Toggle) Decision(project, doc string) (include, listed bool) {
	if v, ok := t.byProject[project+"\x00"+doc]; ok {
		return v, true
	}
	v, ok := t.byDoc[doc]
	return v, ok
}

// Len is the number of listed documents.
func (t *Toggle) Len() int { return len(t.byDoc) + len(t.byProject) }

// ReadToggle reads a toggle file: CSV with a header holding "document" and
// "part_of_corpus" (and optionally "project"), or an xlsx whose
// "corpus_documents" sheet (else the first sheet) has that layout. Values
// 1/0, true/false, ja/nein, yes/no, x/empty are accepted.
func ReadToggle(path string) (*Toggle, error) {
	var rows [][]string
	switch strings.ToLower(filepath.Ext(path)) {
	case ".xlsx":
		f, err := excelize.OpenFile(path)
		if err != nil {
			return nil, fmt.Errorf("qc: toggle: %w", err)
		}
		defer f.Close()
		sheet := "corpus_documents"
		if idx, _ := f.GetSheetIndex(sheet); idx < 0 {
			sheet = f.GetSheetName(0)
		}
		rows, err = f.GetRows(sheet)
		if err != nil {
			return nil, fmt.Errorf("qc: toggle: %w", err)
		}
	default:
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("qc: toggle: %w", err)
		}
		data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
		r := csv.NewReader(bytes.NewReader(data))
		r.FieldsPerRecord = -1
		if bytes.Count(data[:min(len(data), 200)], []byte(";")) > bytes.Count(data[:min(len(data), 200)], []byte(",")) {
			r.Comma = ';' // German Excel exports
		}
		rows, err = r.ReadAll()
		if err != nil {
			return nil, fmt.Errorf("qc: toggle: %w", err)
		}
	}
	return parseToggle(rows)
}

func parseToggle(rows [][]string) (*Toggle, error) {
	if len(rows) == 0 {
		return nil, fmt.Errorf("qc: toggle: empty file")
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[strings.ToLower(strings.TrimSpace(h))] = i
	}
	di, ok1 := col["document"]
	pi, ok2 := col["part_of_corpus"]
	if !ok1 || !ok2 {
		return nil, fmt.Errorf("qc: toggle: header needs document and part_of_corpus columns")
	}
	proj, hasProj := col["project"]
	t := &Toggle{byDoc: map[string]bool{}, byProject: map[string]bool{}}
	for n, row := range rows[1:] {
		if len(row) <= di || strings.TrimSpace(row[di]) == "" {
			continue
		}
		val := ""
		if len(row) > pi {
			val = strings.ToLower(strings.TrimSpace(row[pi]))
		}
		var inc bool
		switch val {
		case "1", "true", "ja", "yes", "x", "wahr":
			inc = true
		case "0", "false", "nein", "no", "", "falsch":
		default:
			return nil, fmt.Errorf("qc: toggle: row %d: part_of_corpus must be 0 or 1", n+2)
		}
		doc := strings.TrimSpace(row[di])
		if hasProj && len(row) > proj && strings.TrimSpace(row[proj]) != "" {
			t.byProject[strings.TrimSpace(row[proj])+"\x00"+doc] = inc
		} else {
			t.byDoc[doc] = inc
		}
	}
	return t, nil
}
