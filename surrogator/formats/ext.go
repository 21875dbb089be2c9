package formats

import (
	"errors"
	"fmt"
	"io"

	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats/jsonl"
)

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
// an error for that line only, skipped without being held in memory past
// the limit or parsed (jsonl.NewReaderMax).
func decodeJSONL(rd io.Reader, max int64, emit func(jsonlDoc) bool) []jsonlError {
	r := jsonl.NewReaderMax(rd, max)
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
		if errors.Is(err, jsonl.ErrLineTooLong) && advanced {
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
