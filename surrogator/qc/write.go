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

// CSV encodes rows as CSV.
func CSV(rows [][]string) []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.WriteAll(rows)
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
	if err := writeStream(filepath.Join(dir, FileXLSX), func(w io.Writer) error { return xlsxTo(w, rows) }); err != nil {
		return err
	}
	if err := writeStream(filepath.Join(dir, FileReport), p.writeMarkdown); err != nil {
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
	if err := p.writeMarkdown(&b); err != nil {
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

// writeMarkdown writes report.md reading the documents once: the rows of
// each table are gathered per table, then the tables are written in order.
func (p *Project) writeMarkdown(w io.Writer) error {
	var excluded, suspects strings.Builder
	flags := make([]strings.Builder, len(mdSections))
	kept := make([]strings.Builder, len(mdSections)) // AGE ≤ 89, after the AGE flags
	section := map[string]int{}
	for i, sec := range mdSections {
		section[sec.flag] = i
	}
	ageSec := section[FlagAge]
	inc := 0
	err := p.Each(func(d *Doc) error {
		doc := mdEscape(d.Document)
		if d.PartOfCorpus {
			inc++
		} else {
			fmt.Fprintf(&excluded, "| %s | %s |\n", doc, mdEscape(strings.Join(d.Reasons, "; ")))
		}
		for _, s := range d.Suspects {
			fmt.Fprintf(&suspects, "| %s | %d | %d | %s | %s | %s |\n", doc, s.Begin, s.End, s.Kind, mdEscape(s.Text), s.Rule)
		}
		for _, f := range d.Flags {
			if i, ok := section[f.Kind]; ok {
				fmt.Fprintf(&flags[i], "| %s | %d | %s | %s | %s |\n", doc, f.Span, mdEscape(f.Label), mdEscape(f.Text), mdEscape(f.Detail))
			}
		}
		// all AGE annotations, for review
		for _, v := range d.Distinct[string(kinds.Age)] {
			if AgeValue(v) <= 89 {
				fmt.Fprintf(&kept[ageSec], "| %s | - | AGE | %s | kept (≤ 89) |\n", doc, mdEscape(v))
			}
		}
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
	table(b, "| document | reason |\n|---|---|\n", excluded.String())
	b.WriteString("\n## Suspected unannotated PII\n\n")
	b.WriteString("Text outside the annotations that looks like PII (names, dates, ages, contacts, IDs, places, facilities). " +
		"Annotate what is PII in INCEpTION and export again; suspects do not change part_of_corpus unless run --suspects exclude is used. " +
		"Offsets are UTF-16 code units for CAS JSON and XMI, code points for JSON Lines, BRAT and text (also in " + FileSuspects + ").\n\n")
	table(b, "| document | begin | end | kind | text | rule |\n|---|---:|---:|---|---|---|\n", suspects.String())
	for i, sec := range mdSections {
		fmt.Fprintf(b, "\n## %s\n\n", sec.title)
		if sec.note != "" {
			b.WriteString(sec.note + "\n\n")
		}
		table(b, "| document | span | label | text | detail |\n|---|---:|---|---|---|\n", flags[i].String()+kept[i].String())
	}
	return b.Flush()
}

// table writes a table's header and rows, or "None.".
func table(w io.StringWriter, header, rows string) {
	if rows == "" {
		w.WriteString("None.\n")
		return
	}
	w.WriteString(header)
	w.WriteString(rows)
}
