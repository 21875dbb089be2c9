package qc

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

// writeMarkdownRef is report.md's writer before it streamed (8240a14):
// every table gathered in memory in one pass, then written in order. It
// is the reference the streaming writer must match byte for byte.
func (p *Project) writeMarkdownRef(w io.Writer) error {
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
	tableRef(b, "| document | reason |\n|---|---|\n", excluded.String())
	b.WriteString("\n## Suspected unannotated PII\n\n")
	b.WriteString("Text outside the annotations that looks like PII (names, dates, ages, contacts, IDs, places, facilities). " +
		"Annotate what is PII in INCEpTION and export again; suspects do not change part_of_corpus unless run --suspects exclude is used. " +
		"Offsets are UTF-16 code units for CAS JSON and XMI, code points for JSON Lines, BRAT and text (also in " + FileSuspects + ").\n\n")
	tableRef(b, "| document | begin | end | kind | text | rule |\n|---|---:|---:|---|---|---|\n", suspects.String())
	for i, sec := range mdSections {
		fmt.Fprintf(b, "\n## %s\n\n", sec.title)
		if sec.note != "" {
			b.WriteString(sec.note + "\n\n")
		}
		tableRef(b, "| document | span | label | text | detail |\n|---|---:|---|---|---|\n", flags[i].String()+kept[i].String())
	}
	return b.Flush()
}

// tableRef writes a table's header and rows, or "None.".
func tableRef(w io.StringWriter, header, rows string) {
	if rows == "" {
		w.WriteString("None.\n")
		return
	}
	w.WriteString(header)
	w.WriteString(rows)
}

// markdownRef is Markdown with the reference writer.
func (p *Project) markdownRef() string {
	var b strings.Builder
	if err := p.writeMarkdownRef(&b); err != nil {
		return "error: " + err.Error() + "\n"
	}
	return b.String()
}
