package qc

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/surrogator/surrogator/surrogator/kinds"
	"github.com/surrogator/surrogator/surrogator/output"
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
		return p.Each(func(d *Doc) error {
			row = append(row[:0], d.Document)
			for _, k := range cols {
				row = append(row, strings.Join(d.Distinct[k], " | "))
			}
			return emit(row)
		})
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
		return p.Each(func(d *Doc) error {
			return emit(append(row[:0], d.Document, b01(d.PartOfCorpus), strconv.Itoa(len(d.Suspects))))
		})
	case "suspects":
		if err := emit([]string{"document", "begin", "end", "kind", "text"}); err != nil {
			return err
		}
		return p.Each(func(d *Doc) error {
			for _, su := range d.Suspects {
				if err := emit(append(row[:0], d.Document, strconv.Itoa(su.Begin), strconv.Itoa(su.End), su.Kind, su.Text)); err != nil {
					return err
				}
			}
			return nil
		})
	case "flags":
		if err := emit([]string{"document", "flag", "span", "label", "text", "detail"}); err != nil {
			return err
		}
		return p.Each(func(d *Doc) error {
			for _, f := range d.Flags {
				if err := emit(append(row[:0], d.Document, f.Kind, strconv.Itoa(f.Span), f.Label, f.Text, f.Detail)); err != nil {
					return err
				}
			}
			return nil
		})
	}
	return nil
}

func b01(b bool) string {
	if b {
		return "1"
	}
	return "0"
}

// kindColumns lists every canonical kind plus any wrong labels seen (the
// statistics list those after the kinds, sorted).
func (p *Project) kindColumns() []string {
	var cols []string
	for _, k := range kinds.All {
		cols = append(cols, string(k))
	}
	for _, st := range p.Stats {
		if strings.HasPrefix(st.Kind, "WRONG:") {
			cols = append(cols, st.Kind)
		}
	}
	return cols
}

// CSV encodes rows as CSV, every cell escaped as the QC files' cells are
// (escapeCell: never a formula in a spreadsheet, read back as written by
// ReadToggle).
func CSV(rows [][]string) []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	var buf []string
	for _, row := range rows {
		buf = escapeRow(buf, row)
		w.Write(buf)
	}
	w.Flush()
	return b.Bytes()
}

// XLSX encodes the tables as a workbook with one sheet per table
// (writeXLSX; Write streams the same bytes into the file).
func (p *Project) XLSX() ([]byte, error) {
	cols := p.kindColumns()
	var b bytes.Buffer
	if err := xlsxTo(&b, func(sheet string, emit func([]string) error) error { return p.rows(sheet, cols, emit) }); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// xlsxTo writes the workbook to w (writeXLSX).
func xlsxTo(w io.Writer, rows func(sheet string, emit func([]string) error) error) error {
	if err := writeXLSX(w, sheets, rows); err != nil {
		return fmt.Errorf("qc: xlsx: %w", err)
	}
	return nil
}

// Write writes every QC file of the project into dir (private: 0700/0600).
// The cells of the CSV files are escaped (escapeCell); the xlsx holds them
// as written, as text cells.
// The CSV files and quality_control.json are streamed row by row and
// document by document, so writing the report of a large project does
// not build it in memory.
func (p *Project) Write(dir string) error {
	return p.WriteContext(context.Background(), dir)
}

// WriteContext is Write that stops when ctx is done: the file being
// written is removed (never left half-written) and the error wraps
// ctx.Err(). Files already complete stay. Writing the reports of a large
// corpus takes seconds; an interrupted run must not wait for them.
func (p *Project) WriteContext(ctx context.Context, dir string) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("qc: %w", err)
	}
	if err := output.MkdirPrivate(dir); err != nil {
		return fmt.Errorf("qc: %w", err)
	}
	writeStream := func(path string, write func(io.Writer) error) error {
		return writeStream(path, func(w io.Writer) error { return write(ctxWriter{ctx, w}) })
	}
	cols := p.kindColumns()
	rows := func(sheet string, emit func([]string) error) error { return p.rows(sheet, cols, emit) }
	for _, f := range []struct{ name, sheet string }{
		{FileDetails, "corpus_details"}, {FileStats, "statistics"}, {FileDocuments, "corpus_documents"}, {FileSuspects, "suspects"},
	} {
		if err := writeStream(filepath.Join(dir, f.name), func(w io.Writer) error {
			cw := csv.NewWriter(w)
			var buf []string
			if err := rows(f.sheet, func(row []string) error { buf = escapeRow(buf, row); return cw.Write(buf) }); err != nil {
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
	if err := writeStream(filepath.Join(dir, FileXLSX), func(w io.Writer) error { return xlsxTo(w, rows) }); err != nil {
		return err
	}
	if err := writeStream(filepath.Join(dir, FileReport), func(w io.Writer) error { return p.writeMarkdown(ctx, w) }); err != nil {
		return err
	}
	return nil
}

// ctxWriter fails every write once its context is done.
type ctxWriter struct {
	ctx context.Context
	w   io.Writer
}

func (c ctxWriter) Write(b []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.w.Write(b)
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
	case p.Docs == nil && p.refs == nil:
		io.WriteString(w, "null")
	case p.Len() == 0:
		io.WriteString(w, "[]")
	default:
		io.WriteString(w, "[")
		i := 0
		err := p.Each(func(d *Doc) error {
			if i > 0 {
				io.WriteString(w, ",")
			}
			i++
			b, err := json.MarshalIndent(d, "    ", "  ")
			if err != nil {
				return err
			}
			io.WriteString(w, "\n    ")
			_, err = w.Write(b)
			return err
		})
		if err != nil {
			return err
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

// Markdown renders report.md (for a spooled project whose reports
// cannot be read back, the error in place of the report).
func (p *Project) Markdown() string {
	var b strings.Builder
	if err := p.writeMarkdown(context.Background(), &b); err != nil {
		return "error: " + err.Error() + "\n"
	}
	return b.String()
}

// mdSections are the flag sections of report.md, in order.
var mdSections = []struct{ flag, title, note string }{
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

// The parts of report.md that list documents' rows, as indexes of
// writeMarkdown's document sets (a docSet each).
const (
	mdExcluded = iota
	mdSuspects
	mdKeptAges // AGE ≤ 89, listed after the AGE flags
	mdFlags    // mdFlags+i: the flags of mdSections[i]
)

// mdSection returns the index in mdSections of a flag kind, or -1.
func mdSection(kind string) int {
	for i, sec := range mdSections {
		if sec.flag == kind {
			return i
		}
	}
	return -1
}

// writeMarkdown writes report.md table by table straight to w, so that
// what it holds does not grow with the corpus: the report of a large
// corpus with many suspects is over a hundred megabytes. A first pass
// over the reports counts what the header says and notes, per table, the
// documents that have rows in it (a bit per document and table); each
// table then reads back only those, in order. Every document read checks
// ctx: a writer only notices an interruption when it writes, and a pass
// may write nothing for many documents.
func (p *Project) writeMarkdown(ctx context.Context, w io.Writer) error {
	sets := make([]docSet, mdFlags+len(mdSections))
	inc, i := 0, 0
	err := p.Each(func(d *Doc) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		if d.PartOfCorpus {
			inc++
		} else {
			sets[mdExcluded].add(i)
		}
		if len(d.Suspects) > 0 {
			sets[mdSuspects].add(i)
		}
		for _, f := range d.Flags {
			if s := mdSection(f.Kind); s >= 0 {
				sets[mdFlags+s].add(i)
			}
		}
		if mdKeptAge(nil, "", d) {
			sets[mdKeptAges].add(i)
		}
		i++
		return nil
	})
	if err != nil {
		return err
	}
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, "# Quality control: %s\n\n", mdEscape(p.Project))
	if p.Title != "" {
		fmt.Fprintf(b, "INCEpTION project: %s\n\n", mdEscape(p.Title))
	}
	n := p.Len()
	fmt.Fprintf(b, "%d documents, %d proposed for release (part_of_corpus = 1), %d excluded.\n\n", n, inc, n-inc)
	b.WriteString("This report contains original PII. Keep it in the private folder.\n\n")

	b.WriteString("## Annotations per kind\n\n| kind | annotations | distinct | documents |\n|---|---:|---:|---:|\n")
	for _, s := range p.Stats {
		if s.Annotations > 0 {
			fmt.Fprintf(b, "| %s | %d | %d | %d |\n", s.Kind, s.Annotations, s.Distinct, s.Documents)
		}
	}
	b.WriteString("\n## Excluded documents\n\n")
	if err := p.mdTable(ctx, b, "| document | reason |\n|---|---|\n", mdPart{sets[mdExcluded], mdExcludedRow}); err != nil {
		return err
	}
	b.WriteString("\n## Suspected unannotated PII\n\n")
	b.WriteString("Text outside the annotations that looks like PII (names, dates, ages, contacts, IDs, places, facilities). " +
		"Annotate what is PII in INCEpTION and export again; suspects do not change part_of_corpus unless run --suspects exclude is used. " +
		"Offsets are UTF-16 code units for CAS JSON and XMI, code points for JSON Lines, BRAT and text (also in " + FileSuspects + ").\n\n")
	if err := p.mdTable(ctx, b, "| document | begin | end | kind | text | rule |\n|---|---:|---:|---|---|---|\n", mdPart{sets[mdSuspects], mdSuspectRows}); err != nil {
		return err
	}
	for i, sec := range mdSections {
		fmt.Fprintf(b, "\n## %s\n\n", sec.title)
		if sec.note != "" {
			b.WriteString(sec.note + "\n\n")
		}
		parts := []mdPart{{sets[mdFlags+i], func(b *bufio.Writer, doc string, d *Doc) error { return mdFlagRows(b, doc, d, sec.flag) }}}
		if sec.flag == FlagAge {
			// every AGE annotation, for review
			parts = append(parts, mdPart{sets[mdKeptAges], func(b *bufio.Writer, doc string, d *Doc) error {
				mdKeptAge(b, doc, d)
				_, err := b.WriteString("") // the writer's error
				return err
			}})
		}
		if err := p.mdTable(ctx, b, "| document | span | label | text | detail |\n|---|---:|---|---|---|\n", parts...); err != nil {
			return err
		}
	}
	return b.Flush()
}

// mdPart is one part of a table: the documents with rows in it and the
// writer of a document's rows (doc: its escaped name).
type mdPart struct {
	docs docSet
	rows func(b *bufio.Writer, doc string, d *Doc) error
}

// mdTable writes a table's header and the rows of its parts, each part
// reading back its documents in order, or "None." when no part has a
// document.
func (p *Project) mdTable(ctx context.Context, b *bufio.Writer, header string, parts ...mdPart) error {
	empty := true
	for _, pt := range parts {
		empty = empty && pt.docs.empty()
	}
	if empty {
		_, err := b.WriteString("None.\n")
		return err
	}
	b.WriteString(header)
	for _, pt := range parts {
		if err := p.eachOf(ctx, pt.docs, func(d *Doc) error { return pt.rows(b, mdEscape(d.Document), d) }); err != nil {
			return err
		}
	}
	return nil
}

// The row writers write what fmt.Fprintf did with the row's format
// (report.md keeps its bytes), without fmt: a large report has millions
// of rows. Each returns the writer's error, so that a failed write stops
// the pass.

func mdExcludedRow(b *bufio.Writer, doc string, d *Doc) error {
	b.WriteString("| ")
	b.WriteString(doc)
	b.WriteString(" | ")
	b.WriteString(mdEscape(strings.Join(d.Reasons, "; ")))
	_, err := b.WriteString(" |\n")
	return err
}

func mdSuspectRows(b *bufio.Writer, doc string, d *Doc) error {
	var num [20]byte
	for _, s := range d.Suspects {
		b.WriteString("| ")
		b.WriteString(doc)
		b.WriteString(" | ")
		b.Write(strconv.AppendInt(num[:0], int64(s.Begin), 10))
		b.WriteString(" | ")
		b.Write(strconv.AppendInt(num[:0], int64(s.End), 10))
		b.WriteString(" | ")
		b.WriteString(s.Kind)
		b.WriteString(" | ")
		b.WriteString(mdEscape(s.Text))
		b.WriteString(" | ")
		b.WriteString(s.Rule)
		b.WriteString(" |\n")
	}
	_, err := b.WriteString("") // the writer's error
	return err
}

func mdFlagRows(b *bufio.Writer, doc string, d *Doc, kind string) error {
	var num [20]byte
	for _, f := range d.Flags {
		if f.Kind != kind {
			continue
		}
		b.WriteString("| ")
		b.WriteString(doc)
		b.WriteString(" | ")
		b.Write(strconv.AppendInt(num[:0], int64(f.Span), 10))
		b.WriteString(" | ")
		b.WriteString(mdEscape(f.Label))
		b.WriteString(" | ")
		b.WriteString(mdEscape(f.Text))
		b.WriteString(" | ")
		b.WriteString(mdEscape(f.Detail))
		b.WriteString(" |\n")
	}
	_, err := b.WriteString("") // the writer's error
	return err
}

// mdKeptAge writes a document's AGE annotations of 89 or less (the ages
// kept as written) to b, and reports whether it has any (b nil: only
// reports, for the first pass, with the very test that writes).
func mdKeptAge(b *bufio.Writer, doc string, d *Doc) bool {
	found := false
	for _, v := range d.Distinct[string(kinds.Age)] {
		if AgeValue(v) > 89 {
			continue
		}
		found = true
		if b == nil {
			return true
		}
		b.WriteString("| ")
		b.WriteString(doc)
		b.WriteString(" | - | AGE | ")
		b.WriteString(mdEscape(v))
		b.WriteString(" | kept (≤ 89) |\n")
	}
	return found
}

// docSet is a set of documents by their position in Each's order, a bit
// each: what report.md keeps per table between its passes (a corpus of a
// million documents: 125 kB a table).
type docSet []uint64

func (s *docSet) add(i int) {
	for len(*s) <= i/64 {
		*s = append(*s, 0)
	}
	(*s)[i/64] |= 1 << (i % 64)
}

func (s docSet) empty() bool { return len(s) == 0 }
