package jsonl

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
)

// MaxLineSize bounds the length of one line (one document) in bytes
// (NewReader; NewReaderMax sets another bound).
const MaxLineSize = 256 << 20

var maxLine = MaxLineSize // tests lower it

// ErrLineTooLong is wrapped by the error of a line longer than the
// reader's bound. Such a line is skipped: read past in chunks, never held
// in memory beyond the bound, never parsed.
var ErrLineTooLong = errors.New("line too long")

// Field is one key and its JSON value, as read.
type Field struct {
	Key   string
	Value json.RawMessage
}

// Layers keeps what a JSON Lines object holds besides id, text and spans'
// begin, end and kind. It implements document.Layers; it holds no offsets,
// so re-basing returns it unchanged.
type Layers struct {
	// ID is the id value as read (a string or a number), nil when absent.
	ID json.RawMessage
	// Fields are the object's fields in order; id, text and spans appear
	// with a nil Value and mark their place.
	Fields []Field
	// Spans holds, per span of the line (index = Span.Ref), its fields in
	// order; begin, end and kind with a nil Value.
	Spans [][]Field
}

// Rebase implements document.Layers.
func (l *Layers) Rebase(oldText, newText string, m *document.Mapping) (document.Layers, error) {
	n := *l
	return &n, nil
}

// lineTooLong is the error of a line over the reader's bound.
type lineTooLong struct {
	line int
	max  int64
}

func (e *lineTooLong) Error() string {
	return fmt.Sprintf("jsonl: line %d: longer than %d bytes", e.line, e.max)
}

func (e *lineTooLong) Is(target error) bool { return target == ErrLineTooLong }

// Reader reads documents from a JSON Lines stream.
type Reader struct {
	br   *bufio.Reader
	max  int64 // bytes of a line without its "\n"
	line int
	err  error
}

// NewReader returns a Reader reading from r whose lines may hold
// MaxLineSize bytes.
func NewReader(r io.Reader) *Reader {
	return NewReaderMax(r, int64(maxLine))
}

// NewReaderMax returns a Reader reading from r whose lines may hold max
// bytes (without the "\n"; a CR before it counts); a longer line is an
// error wrapping ErrLineTooLong and the reader goes on with the next.
func NewReaderMax(r io.Reader, max int64) *Reader {
	return &Reader{br: bufio.NewReaderSize(r, 64<<10), max: max}
}

// Line returns the number of the line last read (1-based).
func (r *Reader) Line() int { return r.line }

// Next returns the next document; io.EOF after the last one. Blank lines
// are skipped. A document without id is named "line-N".
func (r *Reader) Next() (*document.Document, error) {
	for {
		if r.err != nil {
			return nil, r.err
		}
		line, err := r.readLine()
		if err != nil {
			return nil, err
		}
		if line == nil {
			continue // blank
		}
		d, err := parseLine(line)
		if err != nil {
			return nil, fmt.Errorf("jsonl: line %d: %w", r.line, err)
		}
		if d.Name == "" {
			d.Name = "line-" + strconv.Itoa(r.line)
		}
		return d, nil
	}
}

// readLine returns the next line without its line end, nil for a blank
// line. Overlong lines are skipped with an error: what was held of one is
// dropped as soon as it is over the bound, and the rest is read past a
// buffer's worth at a time.
func (r *Reader) readLine() ([]byte, error) {
	var buf []byte
	tooLong := false
	for {
		chunk, err := r.br.ReadSlice('\n')
		if !tooLong {
			n := int64(len(buf) + len(chunk))
			if len(chunk) > 0 && chunk[len(chunk)-1] == '\n' {
				n--
			}
			switch {
			case n > r.max:
				tooLong, buf = true, nil
			case len(buf)+len(chunk) > cap(buf):
				// doubling, not append's gentler growth for large
				// slices: a long line allocates about twice its length
				nb := make([]byte, len(buf), max(2*cap(buf), len(buf)+len(chunk)))
				copy(nb, buf)
				buf = append(nb, chunk...)
			default:
				buf = append(buf, chunk...)
			}
		}
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err == io.EOF:
			if len(buf) == 0 && !tooLong {
				r.err = io.EOF
				return nil, io.EOF
			}
			r.err = io.EOF // this line is the last one
		case err != nil:
			r.err = fmt.Errorf("jsonl: line %d: %w", r.line+1, err)
			return nil, r.err
		}
		r.line++
		if tooLong {
			return nil, &lineTooLong{line: r.line, max: r.max}
		}
		if r.line == 1 {
			buf = bytes.TrimPrefix(buf, []byte("\xef\xbb\xbf"))
		}
		if len(bytes.TrimSpace(buf)) == 0 {
			if r.err != nil {
				return nil, r.err
			}
			return nil, nil
		}
		return bytes.TrimRight(buf, "\r\n"), nil
	}
}

// object reads one JSON object's fields in order; duplicate keys are an
// error.
func object(dec *json.Decoder) ([]Field, error) {
	t, err := dec.Token()
	if err != nil {
		return nil, err
	}
	if d, ok := t.(json.Delim); !ok || d != '{' {
		return nil, errors.New("not a JSON object")
	}
	var fields []Field
	seen := map[string]bool{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key := t.(string) // the decoder guarantees a string key here
		if seen[key] {
			return nil, document.Categorize(fmt.Errorf("key %q given twice", clip(key)), document.ErrPlacement)
		}
		seen[key] = true
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		fields = append(fields, Field{Key: key, Value: v})
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	return fields, nil
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}

// lineFields returns the fields of a line's object.
func lineFields(line []byte, fast bool) ([]Field, error) {
	if fast && json.Valid(line) {
		fields, err := fastLine(line)
		if err != nil {
			return nil, fmt.Errorf("bad JSON: %w", err)
		}
		return fields, nil
	}
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.UseNumber()
	fields, err := object(dec)
	if err != nil {
		return nil, fmt.Errorf("bad JSON: %w", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("data after the JSON object")
	}
	return fields, nil
}

func parseLine(line []byte) (*document.Document, error) { return parseLineWith(line, true) }

// parseLineWith is parseLine; fast selects the fast path (fast.go), which
// the tests compare with the Decoder path.
func parseLineWith(line []byte, fast bool) (*document.Document, error) {
	// encoding/json would turn invalid UTF-8 and unpaired surrogate
	// escapes into U+FFFD without an error
	if err := document.CheckJSONUnicode(line); err != nil {
		return nil, err
	}
	fields, err := lineFields(line, fast)
	if err != nil {
		return nil, err
	}
	d := &document.Document{Format: document.FormatJSONL}
	lay := &Layers{}
	var spans json.RawMessage
	hasText := false
	for _, f := range fields {
		switch f.Key {
		case "id":
			lay.ID = bytes.Clone(f.Value)
			name, err := idString(f.Value)
			if err != nil {
				return nil, err
			}
			d.Name = name
			f.Value = nil
		case "text":
			// one pass over the common string (json.Unmarshal would check
			// the value again before it decodes it)
			text, ok := cas.DecodeJSONString(f.Value)
			if !ok || f.Value[0] != '"' {
				return nil, errors.New("text is not a string")
			}
			d.Text = text
			hasText = true
			f.Value = nil
		case "spans":
			spans = f.Value
			f.Value = nil
		}
		lay.Fields = append(lay.Fields, f)
	}
	keep(lay.Fields)
	if !hasText {
		return nil, errors.New("no text")
	}
	if len(spans) > 0 && string(spans) != "null" {
		if err := parseSpans(d, lay, spans, fast); err != nil {
			if !errors.Is(err, document.ErrPlacement) {
				err = document.Categorize(err, document.ErrPlacement)
			}
			return nil, err
		}
	}
	d.Layers = lay
	return d, nil
}

func idString(raw json.RawMessage) (string, error) {
	switch {
	case string(raw) == "null":
		return "", nil
	case raw[0] == '"':
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return "", errors.New("bad id")
		}
		return s, nil
	case raw[0] == '-' || (raw[0] >= '0' && raw[0] <= '9'):
		return string(raw), nil
	}
	return "", errors.New("id is neither a string nor a number")
}

func parseSpans(d *document.Document, lay *Layers, raw json.RawMessage, fast bool) error {
	ix := document.NewIndex(d.Text)
	span := func(i int, fields []Field) error {
		s := document.Span{Ref: i}
		var cp [2]int
		var have [2]bool
		for j, f := range fields {
			switch f.Key {
			case "begin", "end":
				k := 0
				if f.Key == "end" {
					k = 1
				}
				v := string(f.Value)
				n, err := strconv.Atoi(v)
				if err != nil {
					if isDigits(strings.TrimPrefix(v, "-")) {
						return fmt.Errorf("span %d: %s is out of the integer range", i, f.Key)
					}
					return fmt.Errorf("span %d: %s is not an integer", i, f.Key)
				}
				cp[k], have[k] = n, true
				fields[j].Value = nil
			case "kind":
				switch {
				case string(f.Value) == "null":
				case f.Value[0] == '"' && bytes.IndexByte(f.Value, '\\') < 0:
					// valid JSON, its UTF-8 checked (CheckJSONUnicode):
					// without escapes the string is its bytes
					s.Label = string(f.Value[1 : len(f.Value)-1])
				case f.Value[0] != '"' || json.Unmarshal(f.Value, &s.Label) != nil:
					return fmt.Errorf("span %d: kind is not a string", i)
				}
				fields[j].Value = nil
			}
		}
		if !have[0] || !have[1] {
			return fmt.Errorf("span %d: begin or end missing", i)
		}
		if cp[0] < 0 || cp[0] > cp[1] {
			return fmt.Errorf("span %d: begin %d > end %d or negative", i, cp[0], cp[1])
		}
		if cp[1] > ix.LenCP() {
			return fmt.Errorf("span %d: end %d beyond the text of %d code points", i, cp[1], ix.LenCP())
		}
		s.Begin, _ = ix.FromCodePoint(cp[0])
		s.End, _ = ix.FromCodePoint(cp[1])
		// a span's own "text", when given, is what was annotated: offsets
		// that disagree with it point elsewhere (bytes or UTF-16 units
		// instead of code points) and would leave the name in place
		for _, f := range fields {
			if f.Key != "text" || f.Value == nil || string(f.Value) == "null" {
				continue
			}
			var want string
			if f.Value[0] != '"' || json.Unmarshal(f.Value, &want) != nil {
				return fmt.Errorf("span %d: text is not a string", i)
			}
			if want != d.Text[s.Begin:s.End] {
				return fmt.Errorf("span %d: its text does not match the text at [%d,%d)", i, cp[0], cp[1])
			}
		}
		d.Spans = append(d.Spans, s)
		keep(fields)
		lay.Spans = append(lay.Spans, fields)
		return nil
	}
	if fast { // the line is valid JSON (lineFields)
		return fastSpans(raw, span)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	t, err := dec.Token()
	if err != nil {
		return fmt.Errorf("spans: %w", err)
	}
	if delim, ok := t.(json.Delim); !ok || delim != '[' {
		return errors.New("spans is not an array")
	}
	for i := 0; dec.More(); i++ {
		fields, err := object(dec)
		if err != nil {
			return fmt.Errorf("span %d: %w", i, err)
		}
		if err := span(i, fields); err != nil {
			return err
		}
	}
	return nil
}

// Write writes d as one line. With JSON Lines layers the original key
// order and unknown fields are kept; the id is the original value while
// d.Name still equals it, else d.Name. A span is labelled with its
// canonical kind when set, else with its raw label.
func Write(w io.Writer, d *document.Document) error {
	line, err := AppendLine(nil, d)
	if err != nil {
		return err
	}
	if _, err := w.Write(line); err != nil {
		return fmt.Errorf("jsonl: write: %w", err)
	}
	return nil
}

// defaultSpanFields are the fields of a span without JSON Lines layers
// (read-only: cap = len, so an append copies).
var defaultSpanFields = [3]Field{{Key: "begin"}, {Key: "end"}, {Key: "kind"}}

// AppendLine appends d as Write writes it (the line with its "\n") to
// dst and returns the extended buffer; on an error dst is returned
// unchanged (its spare capacity may have been written).
func AppendLine(dst []byte, d *document.Document) ([]byte, error) {
	lay, _ := d.Layers.(*Layers)
	fields := []Field{{Key: "id"}, {Key: "text"}, {Key: "spans"}}
	if lay != nil {
		fields = lay.Fields
		for _, k := range []string{"id", "text", "spans"} {
			if !hasKey(fields, k) {
				fields = append(fields, Field{Key: k})
			}
		}
	}
	ix := document.NewIndex(d.Text)
	// room for the line: the text with an escaped line end every few
	// dozen bytes, the spans, the other fields
	need := len(d.Text) + len(d.Text)/16 + len(d.Name) + 48*len(d.Spans) + 64
	for _, f := range fields {
		need += len(f.Key) + len(f.Value) + 4
	}
	b := bytes.NewBuffer(dst)
	b.Grow(need)
	fail := func(err error) ([]byte, error) { return dst, err }
	b.WriteByte('{')
	for i, f := range fields {
		if i > 0 {
			b.WriteByte(',')
		}
		writeString(b, f.Key)
		b.WriteByte(':')
		switch {
		case f.Key == "id" && f.Value == nil:
			if lay != nil && lay.ID != nil {
				if name, _ := idString(lay.ID); name == d.Name {
					b.Write(lay.ID)
					continue
				}
			}
			writeString(b, d.Name)
		case f.Key == "text" && f.Value == nil:
			writeString(b, d.Text)
		case f.Key == "spans" && f.Value == nil:
			if err := writeSpans(b, ix, d, lay); err != nil {
				return fail(err)
			}
		default:
			if err := compact(b, f.Value); err != nil {
				return fail(fmt.Errorf("jsonl: write %s: field %q: %w", d.Name, clip(f.Key), err))
			}
		}
	}
	b.WriteString("}\n")
	return b.Bytes(), nil
}

func hasKey(fields []Field, key string) bool {
	for _, f := range fields {
		if f.Key == key {
			return true
		}
	}
	return false
}

func writeSpans(b *bytes.Buffer, ix *document.Index, d *document.Document, lay *Layers) error {
	b.WriteByte('[')
	for i, s := range d.Spans {
		if i > 0 {
			b.WriteByte(',')
		}
		if s.Begin < 0 || s.End > len(d.Text) || s.Begin > s.End || !ix.ValidByte(s.Begin) || !ix.ValidByte(s.End) {
			return fmt.Errorf("jsonl: write: span %d [%d,%d) is not a range of the text", i, s.Begin, s.End)
		}
		fields := defaultSpanFields[:]
		if lay != nil && s.Ref >= 0 && s.Ref < len(lay.Spans) {
			fields = lay.Spans[s.Ref]
			for _, k := range []string{"begin", "end", "kind"} {
				if !hasKey(fields, k) {
					fields = append(fields, Field{Key: k})
				}
			}
		}
		label := string(s.Kind)
		if label == "" {
			label = s.Label
		}
		b.WriteByte('{')
		for j, f := range fields {
			if j > 0 {
				b.WriteByte(',')
			}
			writeString(b, f.Key)
			b.WriteByte(':')
			switch {
			case f.Key == "begin" && f.Value == nil:
				b.WriteString(strconv.Itoa(ix.ToCodePoint(s.Begin)))
			case f.Key == "end" && f.Value == nil:
				b.WriteString(strconv.Itoa(ix.ToCodePoint(s.End)))
			case f.Key == "kind" && f.Value == nil:
				writeString(b, label)
			case f.Key == "text" && len(f.Value) > 0 && f.Value[0] == '"':
				writeString(b, d.Text[s.Begin:s.End])
			default:
				if err := compact(b, f.Value); err != nil {
					return fmt.Errorf("jsonl: write: span %d: field %q: %w", i, clip(f.Key), err)
				}
			}
		}
		b.WriteByte('}')
	}
	b.WriteByte(']')
	return nil
}

func writeString(b *bytes.Buffer, s string) {
	b.Write(appendString(b.AvailableBuffer(), s))
}

func compact(b *bytes.Buffer, raw json.RawMessage) error {
	if len(raw) == 0 {
		b.WriteString("null")
		return nil
	}
	if err := json.Compact(b, raw); err != nil {
		return errors.New("not valid JSON")
	}
	return nil
}
