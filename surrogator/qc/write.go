package qc

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/surrogator/surrogator/surrogator/kinds"
	"github.com/surrogator/surrogator/surrogator/output"
	"github.com/xuri/excelize/v2"
)

// Output file names.
const (
	FileDetails   = "corpus_details.csv"
	FileStats     = "statistics.csv"
	FileDocuments = "corpus_documents.csv"
	FileJSON      = "quality_control.json"
	FileXLSX      = "quality_control.xlsx"
	FileReport    = "report.md"
	// FileSuspects lists suspected unannotated PII (private).
	FileSuspects = "suspects.csv"
)

// Sheet names of the xlsx (the CSV names without extension, plus flags).
var sheets = []string{"corpus_details", "statistics", "corpus_documents", "flags", "suspects"}

// Tables returns the rows of each sheet (header first).
func (p *Project) Tables() map[string][][]string {
	out := map[string][][]string{}
	cols := p.kindColumns()
	for _, name := range sheets {
		p.rows(name, cols, func(row []string) error {
			out[name] = append(out[name], append([]string(nil), row...))
			return nil
		})
	}
	return out
}

// rows hands the rows of one sheet to emit, header first, one at a time
// (the slice is reused: emit must copy what it keeps), so that a report
// of many documents is written without building its tables.
func (p *Project) rows(sheet string, cols []string, emit func([]string) error) error {
	var row []string
	switch sheet {
	case "corpus_details":
		if err := emit(append([]string{"document"}, cols...)); err != nil {
			return err
		}
		for _, d := range p.Docs {
			row = append(row[:0], d.Document)
			for _, k := range cols {
				row = append(row, strings.Join(d.Distinct[k], " | "))
			}
			if err := emit(row); err != nil {
				return err
			}
		}
	case "statistics":
		if err := emit([]string{"kind", "annotations", "distinct", "documents"}); err != nil {
			return err
		}
		for _, st := range p.Stats {
			if err := emit(append(row[:0], st.Kind, strconv.Itoa(st.Annotations), strconv.Itoa(st.Distinct), strconv.Itoa(st.Documents))); err != nil {
				return err
			}
		}
	case "corpus_documents":
		// the toggle reader finds its columns by name: "suspects" is
		// information for the curator and ignored when the file is read back
		if err := emit([]string{"document", "part_of_corpus", "suspects"}); err != nil {
			return err
		}
		for _, d := range p.Docs {
			if err := emit(append(row[:0], d.Document, b01(d.PartOfCorpus), strconv.Itoa(len(d.Suspects)))); err != nil {
				return err
			}
		}
	case "suspects":
		if err := emit([]string{"document", "begin", "end", "kind", "text"}); err != nil {
			return err
		}
		for _, d := range p.Docs {
			for _, su := range d.Suspects {
				if err := emit(append(row[:0], d.Document, strconv.Itoa(su.Begin), strconv.Itoa(su.End), su.Kind, su.Text)); err != nil {
					return err
				}
			}
		}
	case "flags":
		if err := emit([]string{"document", "flag", "span", "label", "text", "detail"}); err != nil {
			return err
		}
		for _, d := range p.Docs {
			for _, f := range d.Flags {
				if err := emit(append(row[:0], d.Document, f.Kind, strconv.Itoa(f.Span), f.Label, f.Text, f.Detail)); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func b01(b bool) string {
	if b {
		return "1"
	}
	return "0"
}

// kindColumns lists every canonical kind plus any wrong labels seen.
func (p *Project) kindColumns() []string {
	var cols []string
	for _, k := range kinds.All {
		cols = append(cols, string(k))
	}
	extra := map[string]bool{}
	for _, d := range p.Docs {
		for k := range d.Counts {
			if strings.HasPrefix(k, "WRONG:") {
				extra[k] = true
			}
		}
	}
	var ex []string
	for k := range extra {
		ex = append(ex, k)
	}
	sort.Strings(ex)
	return append(cols, ex...)
}

// CSV encodes rows as CSV.
func CSV(rows [][]string) []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.WriteAll(rows)
	return b.Bytes()
}

// XLSX encodes the tables as a workbook with one sheet per table. Rows
// are streamed (excelize's StreamWriter), so a large project does not build
// a cell model in memory; what the stream writer spills goes to tmpDir
// (the private QC folder: the rows hold original PII) and is removed.
func (p *Project) XLSX(tmpDir string) ([]byte, error) {
	cols := p.kindColumns()
	return xlsxOf(func(sheet string, emit func([]string) error) error { return p.rows(sheet, cols, emit) }, tmpDir)
}

func xlsxOf(rows func(sheet string, emit func([]string) error) error, tmpDir string) ([]byte, error) {
	f := excelize.NewFile(excelize.Options{TmpDir: tmpDir})
	defer f.Close()
	for i, name := range sheets {
		if i == 0 {
			if err := f.SetSheetName("Sheet1", name); err != nil {
				return nil, fmt.Errorf("qc: xlsx: %w", err)
			}
		} else if _, err := f.NewSheet(name); err != nil {
			return nil, fmt.Errorf("qc: xlsx: %w", err)
		}
		sw, err := f.NewStreamWriter(name)
		if err != nil {
			return nil, fmt.Errorf("qc: xlsx: %w", err)
		}
		var vals []interface{}
		r := 0
		if err := rows(name, func(row []string) error {
			vals = vals[:0]
			for _, v := range row {
				vals = append(vals, v)
			}
			r++
			cell, _ := excelize.CoordinatesToCellName(1, r)
			return sw.SetRow(cell, vals)
		}); err != nil {
			return nil, fmt.Errorf("qc: xlsx: %w", err)
		}
		if err := sw.Flush(); err != nil {
			return nil, fmt.Errorf("qc: xlsx: %w", err)
		}
	}
	b, err := f.WriteToBuffer()
	if err != nil {
		return nil, fmt.Errorf("qc: xlsx: %w", err)
	}
	return sortedZip(b.Bytes())
}

// sortedZip rewrites a zip with its entries in name order, copying their
// compressed bytes: excelize writes streamed sheets in map order, and a
// run's outputs must be byte-identical for any number of workers.
func sortedZip(data []byte) ([]byte, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, fmt.Errorf("qc: xlsx: %w", err)
	}
	files := append([]*zip.File(nil), zr.File...)
	sort.Slice(files, func(i, j int) bool { return files[i].Name < files[j].Name })
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	for _, f := range files {
		w, err := zw.CreateRaw(&f.FileHeader)
		if err != nil {
			return nil, fmt.Errorf("qc: xlsx: %w", err)
		}
		r, err := f.OpenRaw()
		if err != nil {
			return nil, fmt.Errorf("qc: xlsx: %w", err)
		}
		if _, err := io.Copy(w, r); err != nil {
			return nil, fmt.Errorf("qc: xlsx: %w", err)
		}
	}
	if err := zw.Close(); err != nil {
		return nil, fmt.Errorf("qc: xlsx: %w", err)
	}
	return out.Bytes(), nil
}

// Write writes every QC file of the project into dir (private: 0700/0600).
// The CSV files and quality_control.json are streamed row by row and
// document by document, so writing the report of a large project does
// not build it in memory.
func (p *Project) Write(dir string) error {
	if err := output.MkdirPrivate(dir); err != nil {
		return fmt.Errorf("qc: %w", err)
	}
	cols := p.kindColumns()
	rows := func(sheet string, emit func([]string) error) error { return p.rows(sheet, cols, emit) }
	for _, f := range []struct{ name, sheet string }{
		{FileDetails, "corpus_details"}, {FileStats, "statistics"}, {FileDocuments, "corpus_documents"}, {FileSuspects, "suspects"},
	} {
		if err := writeStream(filepath.Join(dir, f.name), func(w io.Writer) error {
			cw := csv.NewWriter(w)
			if err := rows(f.sheet, cw.Write); err != nil {
				return err
			}
			cw.Flush()
			return cw.Error()
		}); err != nil {
			return err
		}
	}
	if err := writeStream(filepath.Join(dir, FileJSON), p.writeJSON); err != nil {
		return err
	}
	x, err := xlsxOf(rows, dir)
	if err != nil {
		return err
	}
	if err := output.WritePrivate(filepath.Join(dir, FileXLSX), x); err != nil {
		return fmt.Errorf("qc: %w", err)
	}
	if err := output.WritePrivate(filepath.Join(dir, FileReport), []byte(p.Markdown())); err != nil {
		return fmt.Errorf("qc: %w", err)
	}
	return nil
}

// writeStream writes a private file through write (output.CreatePrivate).
func writeStream(path string, write func(io.Writer) error) error {
	f, err := output.CreatePrivate(path)
	if err != nil {
		return fmt.Errorf("qc: %w", err)
	}
	if err := write(f); err != nil {
		f.Abort()
		return fmt.Errorf("qc: %s: %w", filepath.Base(path), err)
	}
	if err := f.Commit(); err != nil {
		return fmt.Errorf("qc: %w", err)
	}
	return nil
}

// writeJSON writes the report as json.MarshalIndent(p, "", "  ") does,
// one document at a time.
func (p *Project) writeJSON(w io.Writer) error {
	str := func(v string) []byte { b, _ := json.Marshal(v); return b }
	io.WriteString(w, "{\n  \"project\": ")
	w.Write(str(p.Project))
	if p.Title != "" {
		io.WriteString(w, ",\n  \"title\": ")
		w.Write(str(p.Title))
	}
	io.WriteString(w, ",\n  \"documents\": ")
	switch {
	case p.Docs == nil:
		io.WriteString(w, "null")
	case len(p.Docs) == 0:
		io.WriteString(w, "[]")
	default:
		io.WriteString(w, "[")
		for i, d := range p.Docs {
			if i > 0 {
				io.WriteString(w, ",")
			}
			b, err := json.MarshalIndent(d, "    ", "  ")
			if err != nil {
				return err
			}
			io.WriteString(w, "\n    ")
			if _, err := w.Write(b); err != nil {
				return err
			}
		}
		io.WriteString(w, "\n  ]")
	}
	io.WriteString(w, ",\n  \"statistics\": ")
	b, err := json.MarshalIndent(p.Stats, "  ", "  ")
	if err != nil {
		return err
	}
	w.Write(b)
	_, err = io.WriteString(w, "\n}\n")
	return err
}

func mdEscape(s string) string {
	s = strings.ReplaceAll(s, "|", `\|`)
	s = strings.ReplaceAll(s, "\r", " ")
	return strings.ReplaceAll(s, "\n", " ")
}

// Markdown renders report.md.
func (p *Project) Markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Quality control: %s\n\n", mdEscape(p.Project))
	if p.Title != "" {
		fmt.Fprintf(&b, "INCEpTION project: %s\n\n", mdEscape(p.Title))
	}
	inc := 0
	for _, d := range p.Docs {
		if d.PartOfCorpus {
			inc++
		}
	}
	fmt.Fprintf(&b, "%d documents, %d proposed for release (part_of_corpus = 1), %d excluded.\n\n", len(p.Docs), inc, len(p.Docs)-inc)
	b.WriteString("This report contains original PII. Keep it in the private folder.\n\n")

	b.WriteString("## Annotations per kind\n\n| kind | annotations | distinct | documents |\n|---|---:|---:|---:|\n")
	for _, s := range p.Stats {
		if s.Annotations > 0 {
			fmt.Fprintf(&b, "| %s | %d | %d | %d |\n", s.Kind, s.Annotations, s.Distinct, s.Documents)
		}
	}
	b.WriteString("\n## Excluded documents\n\n")
	n := 0
	for _, d := range p.Docs {
		if !d.PartOfCorpus {
			if n == 0 {
				b.WriteString("| document | reason |\n|---|---|\n")
			}
			n++
			fmt.Fprintf(&b, "| %s | %s |\n", mdEscape(d.Document), mdEscape(strings.Join(d.Reasons, "; ")))
		}
	}
	if n == 0 {
		b.WriteString("None.\n")
	}
	p.markdownSuspects(&b)
	sections := []struct{ flag, title, note string }{
		{FlagOther, "OTHER", "Documents with OTHER are excluded automatically; set part_of_corpus to 1 only after review."},
		{FlagProfession, "PROFESSION", "Professions are kept in the output; check that none identifies a person."},
		{FlagLocationOther, "LOCATION_OTHER", ""},
		{FlagKeptPlace, "LOCATION_COUNTRY / LOCATION_STATE (kept)", "Kept as written by the state policy and exempt from the leak audit; run --replace-state replaces states (and city-states used as cities)."},
		{FlagAge, "AGE > 89", "Ages above 89 become 90 in fictive and gemtex mode."},
		{FlagDateBirthCount, "DATE_BIRTH count (zero or several)", ""},
		{FlagUnparseable, "Dates that cannot be parsed", "Their shape is kept with a random valid value."},
		{FlagWrong, "Wrong annotations", "Empty, NONE or unknown kind: the document is excluded until fixed in INCEpTION."},
		{FlagOverlap, "Overlapping annotations", "The outermost span wins; partial overlaps merge into the higher-risk kind."},
		{FlagNoPHI, "Documents without any PII annotation", "Not released unless the toggle file says 1: a PHI layer that was not exported or has another name (--phi-type, --phi-feature) would let a letter through unchanged."},
		{FlagReadError, "Documents that could not be read", ""},
	}
	for _, sec := range sections {
		fmt.Fprintf(&b, "\n## %s\n\n", sec.title)
		if sec.note != "" {
			b.WriteString(sec.note + "\n\n")
		}
		rows := 0
		for _, d := range p.Docs {
			for _, f := range d.FlagsOf(sec.flag) {
				if rows == 0 {
					b.WriteString("| document | span | label | text | detail |\n|---|---:|---|---|---|\n")
				}
				rows++
				fmt.Fprintf(&b, "| %s | %d | %s | %s | %s |\n", mdEscape(d.Document), f.Span, mdEscape(f.Label), mdEscape(f.Text), mdEscape(f.Detail))
			}
		}
		if sec.flag == FlagAge {
			// all AGE annotations, for review
			for _, d := range p.Docs {
				for _, v := range d.Distinct[string(kinds.Age)] {
					if AgeValue(v) <= 89 {
						if rows == 0 {
							b.WriteString("| document | span | label | text | detail |\n|---|---:|---|---|---|\n")
						}
						rows++
						fmt.Fprintf(&b, "| %s | - | AGE | %s | kept (≤ 89) |\n", mdEscape(d.Document), mdEscape(v))
					}
				}
			}
		}
		if rows == 0 {
			b.WriteString("None.\n")
		}
	}
	return b.String()
}

// markdownSuspects renders the suspects section of report.md.
func (p *Project) markdownSuspects(b *strings.Builder) {
	b.WriteString("\n## Suspected unannotated PII\n\n")
	b.WriteString("Text outside the annotations that looks like PII (names, dates, ages, contacts, IDs, places, facilities). " +
		"Annotate what is PII in INCEpTION and export again; suspects do not change part_of_corpus unless run --suspects exclude is used. " +
		"Offsets are UTF-16 code units for CAS JSON and XMI, code points for JSON Lines, BRAT and text (also in " + FileSuspects + ").\n\n")
	rows := 0
	for _, d := range p.Docs {
		for _, s := range d.Suspects {
			if rows == 0 {
				b.WriteString("| document | begin | end | kind | text | rule |\n|---|---:|---:|---|---|---|\n")
			}
			rows++
			fmt.Fprintf(b, "| %s | %d | %d | %s | %s | %s |\n", mdEscape(d.Document), s.Begin, s.End, s.Kind, mdEscape(s.Text), s.Rule)
		}
	}
	if rows == 0 {
		b.WriteString("None.\n")
	}
}
