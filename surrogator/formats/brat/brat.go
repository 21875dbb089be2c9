package brat

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/surrogator/surrogator/surrogator/document"
)

// Line is one line of an .ann file.
type Line struct {
	// TextBound marks a text-bound annotation ("T" line); the other
	// fields then describe it. Otherwise Raw is the line as read.
	TextBound bool
	Raw       string
	// ID is the annotation id ("T3"), Num its number (3).
	ID  string
	Num int
	// Type is the entity type (the PII label).
	Type string
	// Frags are the fragments as byte offsets into the document text.
	Frags [][2]int
}

// Layers holds the lines of an .ann file. It implements document.Layers.
type Layers struct {
	Lines []Line
}

// Rebase implements document.Layers: fragments are mapped through m.
func (l *Layers) Rebase(oldText, newText string, m *document.Mapping) (document.Layers, error) {
	n := &Layers{Lines: make([]Line, len(l.Lines))}
	for i, ln := range l.Lines {
		if ln.TextBound {
			frags := make([][2]int, len(ln.Frags))
			for j, f := range ln.Frags {
				if f[0] < 0 || f[1] > len(oldText) || f[0] > f[1] {
					return nil, fmt.Errorf("brat: rebase %s: fragment %d outside the text", ln.ID, j+1)
				}
				b, e := m.Span(f[0], f[1])
				frags[j] = [2]int{b, e}
			}
			ln.Frags = frags
		}
		n.Lines[i] = ln
	}
	return n, nil
}

// SetLabel sets the type of the text-bound annotation with number ref.
func (l *Layers) SetLabel(ref int, label string) {
	for i := range l.Lines {
		if l.Lines[i].TextBound && l.Lines[i].Num == ref {
			l.Lines[i].Type = label
		}
	}
}

// Read parses a BRAT document: text is the .txt file, ann the .ann file.
// The document's Name is left empty for the caller to set.
func Read(text, ann []byte) (*document.Document, error) {
	if !utf8.Valid(text) {
		return nil, fmt.Errorf("brat: %w: text is not valid UTF-8 (byte offset %d)", document.ErrEncoding, document.InvalidUTF8At(text))
	}
	if !utf8.Valid(ann) {
		return nil, fmt.Errorf("brat: %w: ann is not valid UTF-8 (byte offset %d)", document.ErrEncoding, document.InvalidUTF8At(ann))
	}
	s := string(text)
	ix := document.NewIndex(s)
	d := &document.Document{Format: document.FormatBRAT, Text: s}
	lay := &Layers{}
	ids := map[string]int{}
	for no, raw := range strings.Split(string(ann), "\n") {
		line := strings.TrimRight(raw, "\r")
		if strings.TrimSpace(line) == "" {
			continue
		}
		switch line[0] {
		case 'T':
			ln, err := parseT(line, s, ix)
			if err != nil {
				return nil, fmt.Errorf("brat: ann line %d: %w", no+1, document.Categorize(err, document.ErrPlacement))
			}
			if prev, dup := ids[ln.ID]; dup {
				return nil, fmt.Errorf("brat: %w: ann line %d: %s already defined on line %d", document.ErrPlacement, no+1, ln.ID, prev)
			}
			ids[ln.ID] = no + 1
			for _, f := range ln.Frags {
				d.Spans = append(d.Spans, document.Span{Label: ln.Type, Begin: f[0], End: f[1], Ref: ln.Num})
			}
			lay.Lines = append(lay.Lines, ln)
		case '#', 'A', 'M', 'R', 'N', 'E', '*':
			lay.Lines = append(lay.Lines, Line{Raw: line})
		default:
			r, _ := utf8.DecodeRuneInString(line)
			return nil, fmt.Errorf("brat: ann line %d: unknown annotation kind (line starts with %q)", no+1, r)
		}
	}
	d.Layers = lay
	return d, nil
}

// parseT parses "T<n>\t<type> <b> <e>[;<b> <e>...]\t<text>".
func parseT(line, text string, ix *document.Index) (Line, error) {
	fields := strings.SplitN(line, "\t", 3)
	id := fields[0]
	num, err := strconv.Atoi(id[1:])
	if err != nil || num < 0 || strconv.Itoa(num) != id[1:] {
		return Line{}, errors.New("text-bound annotation id is not T<number>")
	}
	if len(fields) < 2 {
		return Line{}, fmt.Errorf("%s: no type and offsets", id)
	}
	typ, offs, ok := strings.Cut(fields[1], " ")
	if !ok || typ == "" {
		return Line{}, fmt.Errorf("%s: no type and offsets", id)
	}
	ln := Line{TextBound: true, ID: id, Num: num, Type: typ}
	for i, frag := range strings.Split(offs, ";") {
		parts := strings.Fields(frag)
		if len(parts) != 2 {
			return Line{}, fmt.Errorf("%s: fragment %d is not \"begin end\"", id, i+1)
		}
		var cp [2]int
		for k, p := range parts {
			n, err := offset(p)
			if err != nil {
				return Line{}, fmt.Errorf("%s: fragment %d: %w", id, i+1, err)
			}
			cp[k] = n
		}
		if cp[0] < 0 || cp[0] > cp[1] {
			return Line{}, fmt.Errorf("%s: fragment %d: begin %d > end %d or negative", id, i+1, cp[0], cp[1])
		}
		if cp[1] > ix.LenCP() {
			return Line{}, fmt.Errorf("%s: fragment %d: offset %d beyond the text of %d code points", id, i+1, cp[1], ix.LenCP())
		}
		b, _ := ix.FromCodePoint(cp[0])
		e, _ := ix.FromCodePoint(cp[1])
		ln.Frags = append(ln.Frags, [2]int{b, e})
	}
	// The text column is what the annotator saw. When it disagrees with
	// the text at the offsets, the offsets point elsewhere (another
	// encoding, a changed .txt) and replacing them would publish the name.
	if len(fields) < 3 {
		return Line{}, fmt.Errorf("%s: no text column to check the offsets against", id)
	}
	if column(fields[2]) != column(covered(text, ln.Frags)) {
		return Line{}, fmt.Errorf("%s: the text column does not match the text at the offsets", id)
	}
	return ln, nil
}

// offset parses a code point offset: ASCII digits only (no sign), within
// the int range.
func offset(p string) (int, error) {
	for i := 0; i < len(p); i++ {
		if p[i] < '0' || p[i] > '9' {
			if i == 0 && p[0] == '-' && len(p) > 1 {
				return 0, errors.New("negative offset")
			}
			return 0, errors.New("offset is not a number")
		}
	}
	n, err := strconv.Atoi(p)
	if err != nil {
		return 0, errors.New("offset out of the integer range")
	}
	return n, nil
}

// covered returns the text of the fragments joined by single spaces, as
// BRAT writes a discontinuous annotation's text column.
func covered(text string, frags [][2]int) string {
	parts := make([]string, len(frags))
	for i, f := range frags {
		parts[i] = text[f[0]:f[1]]
	}
	return strings.Join(parts, " ")
}

// column maps the characters a text column cannot hold (line breaks, tabs)
// to spaces, as Write does.
func column(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case '\n', '\r', '\t', '\u2028', '\u2029', '\u0085':
			return ' '
		}
		return r
	}, s)
}

// Write writes the document's text and its annotations. With BRAT layers
// (a document read by Read, possibly re-based) their lines are written in
// order and spans without a text-bound annotation of their own are added
// with new ids; otherwise each span becomes one text-bound annotation
// T1, T2, ... Spans are labelled with their canonical kind when set, else
// their raw label; an empty label is written as NONE (BRAT needs a type).
func Write(text, ann io.Writer, d *document.Document) error {
	ix := document.NewIndex(d.Text)
	var b bytes.Buffer
	lay, _ := d.Layers.(*Layers)
	next := 1
	have := map[int]bool{}
	if lay != nil {
		for _, ln := range lay.Lines {
			if ln.TextBound {
				have[ln.Num] = true
				if ln.Num >= next {
					next = ln.Num + 1
				}
			}
		}
		for _, ln := range lay.Lines {
			if !ln.TextBound {
				b.WriteString(ln.Raw)
				b.WriteByte('\n')
				continue
			}
			if err := writeT(&b, ix, d.Text, ln); err != nil {
				return err
			}
		}
	}
	for i, s := range d.Spans {
		if lay != nil && s.Ref >= 0 && have[s.Ref] {
			continue
		}
		label := string(s.Kind)
		if label == "" {
			label = s.Label
		}
		if label == "" {
			label = "NONE"
		}
		ln := Line{TextBound: true, ID: "T" + strconv.Itoa(next), Num: next, Type: label, Frags: [][2]int{{s.Begin, s.End}}}
		next++
		if err := writeT(&b, ix, d.Text, ln); err != nil {
			return fmt.Errorf("%w (span %d)", err, i)
		}
	}
	if _, err := io.WriteString(text, d.Text); err != nil {
		return fmt.Errorf("brat: write text: %w", err)
	}
	bw := bufio.NewWriter(ann)
	if _, err := bw.Write(b.Bytes()); err != nil {
		return fmt.Errorf("brat: write ann: %w", err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("brat: write ann: %w", err)
	}
	return nil
}

func writeT(b *bytes.Buffer, ix *document.Index, text string, ln Line) error {
	if ln.Type == "" || strings.IndexFunc(ln.Type, unicode.IsSpace) >= 0 {
		return fmt.Errorf("brat: write %s: type is empty or contains white space", ln.ID)
	}
	if len(ln.Frags) == 0 {
		return fmt.Errorf("brat: write %s: no fragments", ln.ID)
	}
	b.WriteString(ln.ID)
	b.WriteByte('\t')
	b.WriteString(ln.Type)
	b.WriteByte(' ')
	var covered []string
	for j, f := range ln.Frags {
		if f[0] < 0 || f[1] > len(text) || f[0] > f[1] || !ix.ValidByte(f[0]) || !ix.ValidByte(f[1]) {
			return fmt.Errorf("brat: write %s: fragment %d [%d,%d) is not a range of the text", ln.ID, j+1, f[0], f[1])
		}
		if j > 0 {
			b.WriteByte(';')
		}
		b.WriteString(strconv.Itoa(ix.ToCodePoint(f[0])))
		b.WriteByte(' ')
		b.WriteString(strconv.Itoa(ix.ToCodePoint(f[1])))
		covered = append(covered, text[f[0]:f[1]])
	}
	b.WriteByte('\t')
	// line breaks and tabs inside the text column would break the line
	// format; Read maps them the same way before comparing
	b.WriteString(column(strings.Join(covered, " ")))
	b.WriteByte('\n')
	return nil
}
