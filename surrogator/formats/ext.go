package formats

import (
	"bytes"
	"fmt"
	"io"

	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats/brat"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
	"github.com/surrogator/surrogator/surrogator/formats/jsonl"
	"github.com/surrogator/surrogator/surrogator/formats/xmi"
)

func decodeXMI(data, ts []byte, opt Options) (*document.Document, error) {
	var types []*cas.TypeDef
	if len(ts) > 0 {
		t, err := xmi.ReadTypeSystem(bytes.NewReader(ts))
		if err != nil {
			return nil, fmt.Errorf("type system: %w", err)
		}
		types = t
	}
	c, err := xmi.Read(data, types)
	if err != nil {
		return nil, err
	}
	return casjson.FromCAS(c, opt.PHI, document.FormatXMI)
}

func decodeBRAT(txt, ann []byte) (*document.Document, error) { return brat.Read(txt, ann) }

// jsonlDoc is a document of a JSON Lines file and its line number.
type jsonlDoc struct {
	doc  *document.Document
	line int
}

// jsonlError is an error of a JSON Lines stream: of one line (line > 0),
// or of the stream.
type jsonlError struct {
	line int
	err  error
}

// decodeJSONL reads a JSON Lines stream; a line longer than max bytes is
// not read past the limit and is an error for that line only.
func decodeJSONL(rd io.Reader, max int64, emit func(jsonlDoc) bool) []jsonlError {
	lim := &lineLimiter{r: rd, max: max, truncated: map[int]bool{}}
	r := jsonl.NewReader(lim)
	var errs []jsonlError
	var prev error
	lastLine := 0
	for {
		d, err := r.Next()
		if err == io.EOF { // not errors.Is: a bad line's error may wrap the decoder's io.EOF
			break
		}
		line := r.Line()
		if err != nil && err == prev { // a stream error repeats: stop
			break
		}
		prev = err
		advanced := line != lastLine // false: a stream error, not a line's result
		lastLine = line
		if lim.truncated[line] && advanced {
			errs = append(errs, jsonlError{line, &sizeError{what: fmt.Sprintf("jsonl: line %d", line), max: max}})
			continue
		}
		if err != nil {
			if !advanced {
				line = 0
			}
			errs = append(errs, jsonlError{line, err})
			if len(errs) > 1000 {
				errs = append(errs, jsonlError{0, fmt.Errorf("jsonl: too many bad lines; rest of file skipped")})
				break
			}
			continue
		}
		if !emit(jsonlDoc{doc: d, line: line}) {
			break
		}
	}
	return errs
}

// lineLimiter passes a stream through, cutting every line after max bytes
// (the rest of the line is skipped unread into memory) and recording the
// 1-based numbers of the lines it cut.
type lineLimiter struct {
	r         io.Reader
	max       int64
	cur       int64 // bytes of the current line so far
	line      int   // newlines seen
	skipping  bool
	truncated map[int]bool
}

func (l *lineLimiter) Read(p []byte) (int, error) {
	for {
		n, err := l.r.Read(p)
		w := 0
		buf := p[:n]
		for len(buf) > 0 {
			i := bytes.IndexByte(buf, '\n')
			seg := buf
			if i >= 0 {
				seg = buf[:i]
			}
			if !l.skipping {
				if room := l.max - l.cur; int64(len(seg)) > room {
					w += copy(p[w:], seg[:room])
					l.cur = l.max
					l.truncated[l.line+1] = true
					l.skipping = true
				} else {
					w += copy(p[w:], seg)
					l.cur += int64(len(seg))
				}
			}
			if i < 0 {
				break
			}
			p[w] = '\n'
			w++
			l.line++
			l.cur = 0
			l.skipping = false
			buf = buf[i+1:]
		}
		if w > 0 || err != nil || n == 0 {
			return w, err
		}
	}
}
