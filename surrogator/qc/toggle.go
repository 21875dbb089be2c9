package qc

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"
	"golang.org/x/text/cases"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/unicode/norm"
)

// ErrToggle is wrapped by every error about the content of a toggle file
// (bad header, value, duplicate, conflicting or unknown rows).
var ErrToggle = errors.New("toggle file rejected")

// maxToggleProblems bounds how many problems one error lists.
const maxToggleProblems = 50

// Toggle is the reviewer's release decision read from an edited
// corpus_documents.csv or quality_control.xlsx.
//
// The file has a header row with the columns "document" and
// "part_of_corpus" (any order, any letter case) and optionally "project".
// part_of_corpus accepts exactly "0" (do not release) and "1" (release);
// nothing else (no ja/nein, x, true/false, no empty cell), so that what the
// reviewer meant is never guessed. A row without a project applies to the
// document of that name in every project of the run; a row with a project
// only to that project.
//
// The same document listed twice with the same value is accepted (an
// Excel copy-and-paste slip changes nothing); listed twice with different
// values (also once with and once without a project) is an error citing
// both lines. Every row must name a document of the run: call ValidateRun
// (or Validate for a single project) before using the decisions.
type Toggle struct {
	rows      []toggleRow
	byDoc     map[string]int // document → row index (rows without project)
	byProject map[string]int // project\x00document → row index
}

type toggleRow struct {
	line         int // 1-based line (CSV) or row (xlsx) number
	project, doc string
	include      bool
}

// Decision returns whether the toggle file includes the document and
// whether it lists it at all.
func (t *Toggle) Decision(project, doc string) (include, listed bool) {
	if i, ok := t.byProject[project+"\x00"+doc]; ok {
		return t.rows[i].include, true
	}
	if i, ok := t.byDoc[doc]; ok {
		return t.rows[i].include, true
	}
	return false, false
}

// Len is the number of listed documents.
func (t *Toggle) Len() int { return len(t.byDoc) + len(t.byProject) }

// maxToggleBytes bounds a toggle file (a row per document: 64 MiB is
// several million documents).
const maxToggleBytes = 64 << 20

// regularFile checks that path is a regular file (never a FIFO, a device
// or /dev/zero behind a link) of at most max bytes.
func regularFile(path string, max int64) (os.FileInfo, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", path)
	}
	if fi.Size() > max {
		return nil, fmt.Errorf("%s is larger than %d MiB", path, max>>20)
	}
	return fi, nil
}

// readBounded reads a regular file of at most max bytes.
func readBounded(path string, max int64) ([]byte, error) {
	if _, err := regularFile(path, max); err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, max+1))
	if err == nil && int64(len(b)) > max {
		err = fmt.Errorf("%s is larger than %d MiB", path, max>>20)
	}
	return b, err
}

// ReadToggle reads a toggle file: an .xlsx whose "corpus_documents" sheet
// (else the first sheet) holds the table, or a CSV separated by commas,
// semicolons or tabs (German Excel: semicolons; an Excel "sep=;" first line
// is honoured), encoded as UTF-8 with or without BOM, UTF-16 with BOM, or —
// when the bytes are not valid UTF-8 — Windows-1252 (what German Excel
// saves as "CSV"). In a CSV the document and project cells are read as qc
// escapes its CSV cells (escapeCell: a ' before a formula character, a
// Go string literal after ' for a name the file could not hold as
// written), so that a toggle file qc wrote names exactly the documents
// qc listed. See Toggle for the accepted content.
func ReadToggle(path string) (*Toggle, error) {
	var rows [][]string
	var lines []int
	switch strings.ToLower(filepath.Ext(path)) {
	case ".xls", ".ods", ".numbers":
		return nil, fmt.Errorf("qc: toggle: %w: save the table as .xlsx or .csv", ErrToggle)
	case ".xlsx", ".xlsm":
		if _, err := regularFile(path, maxToggleBytes); err != nil {
			return nil, fmt.Errorf("qc: toggle: %w", err)
		}
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
		for i := range rows {
			lines = append(lines, i+1)
		}
		return parseToggle(rows, lines, false)
	default:
		data, err := readBounded(path, maxToggleBytes)
		if err != nil {
			return nil, fmt.Errorf("qc: toggle: %w", err)
		}
		rows, lines, err = readToggleCSV(data)
		if err != nil {
			return nil, err
		}
	}
	return parseToggle(rows, lines, true)
}

// decodeText returns the CSV bytes as UTF-8.
func decodeText(data []byte) ([]byte, error) {
	switch {
	case bytes.HasPrefix(data, []byte("\xef\xbb\xbf")):
		data = data[3:]
	case bytes.HasPrefix(data, []byte("\xff\xfe")), bytes.HasPrefix(data, []byte("\xfe\xff")):
		d, err := unicode.UTF16(unicode.LittleEndian, unicode.ExpectBOM).NewDecoder().Bytes(data)
		if err != nil {
			return nil, fmt.Errorf("qc: toggle: UTF-16: %w", err)
		}
		return d, nil
	}
	if utf8.Valid(data) {
		return data, nil
	}
	d, err := charmap.Windows1252.NewDecoder().Bytes(data)
	if err != nil {
		return nil, fmt.Errorf("qc: toggle: Windows-1252: %w", err)
	}
	return d, nil
}

// readToggleCSV splits a CSV file into rows with their line numbers.
func readToggleCSV(raw []byte) ([][]string, []int, error) {
	data, err := decodeText(raw)
	if err != nil {
		return nil, nil, err
	}
	first, _, _ := bytes.Cut(data, []byte("\n"))
	first = bytes.TrimRight(first, "\r")
	lineOffset := 0
	var comma rune
	if s := string(first); strings.HasPrefix(strings.ToLower(s), "sep=") && utf8.RuneCountInString(s) == 5 {
		comma, _ = utf8.DecodeRuneInString(s[4:])
		data = data[len(first):]
		data = bytes.TrimLeft(data, "\r")
		data = bytes.TrimPrefix(data, []byte("\n"))
		lineOffset = 1
	} else {
		comma = guessComma(string(first))
	}
	r := csv.NewReader(bytes.NewReader(data))
	r.Comma = comma
	r.FieldsPerRecord = -1
	var rows [][]string
	var lines []int
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				return nil, nil, fmt.Errorf("qc: toggle: line %d: %w: %v", pe.Line+lineOffset, ErrToggle, pe.Err)
			}
			return nil, nil, fmt.Errorf("qc: toggle: %w", err)
		}
		line, _ := r.FieldPos(0)
		rows = append(rows, rec)
		lines = append(lines, line+lineOffset)
	}
	return rows, lines, nil
}

// guessComma picks the separator that splits the header into the named
// columns; else the most frequent of ; , and tab.
func guessComma(header string) rune {
	best, bestN := ',', -1
	for _, c := range []rune{';', ',', '\t'} {
		cols := map[string]bool{}
		for _, h := range strings.Split(header, string(c)) {
			cols[strings.ToLower(strings.Trim(strings.TrimSpace(h), `"`))] = true
		}
		if cols["document"] && cols["part_of_corpus"] {
			return c
		}
		if n := strings.Count(header, string(c)); n > bestN {
			best, bestN = c, n
		}
	}
	return best
}

// problems collects the rows a toggle file is refused for.
type problems struct {
	list []string
	more int
}

func (p *problems) add(format string, args ...any) {
	if len(p.list) >= maxToggleProblems {
		p.more++
		return
	}
	p.list = append(p.list, fmt.Sprintf(format, args...))
}

func (p *problems) err(what string) error {
	if len(p.list) == 0 {
		return nil
	}
	msg := strings.Join(p.list, "\n  ")
	if p.more > 0 {
		msg += fmt.Sprintf("\n  … and %d more", p.more)
	}
	n := len(p.list) + p.more
	return fmt.Errorf("qc: toggle: %w: %s (%d %s):\n  %s", ErrToggle, what, n, plural(n, "problem", "problems"), msg)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// parseToggle reads the table; lines[i] is the file line of rows[i] (nil:
// i+1). escaped: the document and project cells are escaped as qc writes
// CSV cells (unescapeCell; the xlsx holds them as written).
func parseToggle(rows [][]string, lines []int, escaped bool) (*Toggle, error) {
	lineOf := func(i int) int {
		if lines != nil {
			return lines[i]
		}
		return i + 1
	}
	// the header is the first non-empty row
	h := 0
	for h < len(rows) && blank(rows[h]) {
		h++
	}
	if h == len(rows) {
		return nil, fmt.Errorf("qc: toggle: %w: empty file", ErrToggle)
	}
	col := map[string]int{}
	for i, c := range rows[h] {
		name := strings.ToLower(strings.TrimSpace(c))
		if _, dup := col[name]; dup && name != "" {
			return nil, fmt.Errorf("qc: toggle: %w: line %d: column %q appears twice in the header", ErrToggle, lineOf(h), name)
		}
		col[name] = i
	}
	di, ok1 := col["document"]
	pi, ok2 := col["part_of_corpus"]
	if !ok1 || !ok2 {
		return nil, fmt.Errorf("qc: toggle: %w: line %d: the header needs the columns document and part_of_corpus", ErrToggle, lineOf(h))
	}
	proj, hasProj := col["project"]
	cell := func(row []string, i int) string {
		if i < len(row) {
			return strings.TrimSpace(row[i])
		}
		return ""
	}
	name := func(row []string, i int) (string, error) {
		c := cell(row, i)
		if !escaped {
			return c, nil
		}
		return unescapeCell(c)
	}
	t := &Toggle{byDoc: map[string]int{}, byProject: map[string]int{}}
	var pr problems
	for i := h + 1; i < len(rows); i++ {
		row, line := rows[i], lineOf(i)
		if blank(row) {
			continue
		}
		doc, err := name(row, di)
		if err != nil {
			pr.add("line %d: document: %v", line, err)
			continue
		}
		if doc == "" {
			pr.add("line %d: no document name", line)
			continue
		}
		var inc bool
		switch cell(row, pi) {
		case "1":
			inc = true
		case "0":
		default:
			pr.add("line %d: part_of_corpus must be 0 (do not release) or 1 (release); nothing else is accepted", line)
			continue
		}
		r := toggleRow{line: line, doc: doc, include: inc}
		if hasProj {
			if r.project, err = name(row, proj); err != nil {
				pr.add("line %d: project: %v", line, err)
				continue
			}
		}
		m, key := t.byDoc, doc
		if r.project != "" {
			m, key = t.byProject, r.project+"\x00"+doc
		}
		if j, dup := m[key]; dup {
			if t.rows[j].include != inc {
				pr.add("line %d: the same document as line %d with a different part_of_corpus", line, t.rows[j].line)
			}
			continue // identical duplicate: accepted
		}
		m[key] = len(t.rows)
		t.rows = append(t.rows, r)
	}
	// a row with a project must agree with a row without one
	for key, j := range t.byProject {
		_, doc, _ := strings.Cut(key, "\x00")
		if k, ok := t.byDoc[doc]; ok && t.rows[k].include != t.rows[j].include {
			a, b := t.rows[k].line, t.rows[j].line
			if a > b {
				a, b = b, a
			}
			pr.add("line %d: the same document as line %d with a different part_of_corpus", b, a)
		}
	}
	sort.SliceStable(pr.list, func(i, j int) bool { return lineNo(pr.list[i]) < lineNo(pr.list[j]) })
	if err := pr.err("bad rows"); err != nil {
		return nil, err
	}
	return t, nil
}

func blank(row []string) bool {
	for _, c := range row {
		if strings.TrimSpace(c) != "" {
			return false
		}
	}
	return true
}

// Validate checks the toggle file against a run of one project; see
// ValidateRun.
func (t *Toggle) Validate(project string, docs []string) error {
	return t.ValidateRun(map[string][]string{project: docs})
}

// ValidateRun checks the toggle file against every project of a run
// (project name → its document names): each row must name a document of
// the run — a row with a project a document of that project, a row without
// one a document of some project — and a row's project must be part of the
// run. The error lists every such row by line number (never by name:
// names may be PII), with a hint where a document of the project differs
// only in letter case or Unicode normalisation (e.g. an umlaut stored as
// a + combining diaeresis). Call it once with all projects: a row without
// a project may name a document of any of them.
func (t *Toggle) ValidateRun(projects map[string][]string) error {
	exact := map[string]bool{}  // project\x00doc
	anyDoc := map[string]bool{} // doc in some project
	folded := map[string]bool{} // project\x00fold(doc), and \x00fold(doc) for any project
	for p, docs := range projects {
		for _, d := range docs {
			exact[p+"\x00"+d] = true
			anyDoc[d] = true
			folded[p+"\x00"+fold(d)] = true
			folded["\x00"+fold(d)] = true
		}
	}
	var pr problems
	for _, r := range t.rows {
		switch {
		case r.project == "":
			if anyDoc[r.doc] {
				continue
			}
			if folded["\x00"+fold(r.doc)] {
				pr.add("line %d: no document of the run has this name; one differs only in letter case or Unicode normalisation", r.line)
			} else {
				pr.add("line %d: no document of the run has this name", r.line)
			}
		case !hasKey(projects, r.project):
			pr.add("line %d: its project is not part of this run", r.line)
		case !exact[r.project+"\x00"+r.doc]:
			if folded[r.project+"\x00"+fold(r.doc)] {
				pr.add("line %d: no document of its project has this name; one differs only in letter case or Unicode normalisation", r.line)
			} else {
				pr.add("line %d: no document of its project has this name", r.line)
			}
		}
	}
	sort.SliceStable(pr.list, func(i, j int) bool { return lineNo(pr.list[i]) < lineNo(pr.list[j]) })
	return pr.err("rows naming no document of the run (fix the names or delete the rows)")
}

func hasKey(m map[string][]string, k string) bool { _, ok := m[k]; return ok }

// fold is the name comparison of the hint: NFC and case-folded.
func fold(s string) string { return cases.Fold().String(norm.NFC.String(s)) }

func lineNo(s string) int {
	var n int
	fmt.Sscanf(s, "line %d", &n)
	return n
}
