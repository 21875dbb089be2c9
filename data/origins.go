package data

import (
	"fmt"
	"strings"
	"sync"
)

// FileNameOrigins is the embedded table of the origins of the listed first
// names and surnames that are not German (NAME<TAB>ORIGIN), written for
// this project; like the cohort table it tags the name lists and is not
// part of Resources.
const FileNameOrigins = "name_origins.tsv"

// OriginGerman is the origin of every name the table does not list.
const OriginGerman = "de"

// Origins tells where a listed name comes from.
type Origins struct {
	of map[string]string // name as listed → origin code
}

var (
	originOnce sync.Once
	origins    *Origins
	originErr  error
)

// NameOrigins returns the embedded origin table (shared, read-only).
func NameOrigins() *Origins {
	originOnce.Do(func() {
		b, err := embedded.ReadFile("resources/" + FileNameOrigins)
		if err != nil {
			originErr = fmt.Errorf("data: embedded %s: %w", FileNameOrigins, err)
			return
		}
		origins, originErr = ParseOrigins(string(b))
	})
	if originErr != nil {
		panic(originErr) // a broken embedded file is a build defect (tested)
	}
	return origins
}

// ParseOrigins parses an origin table: one NAME<TAB>ORIGIN per line (ORIGIN
// two or three lower-case letters), "#" comments and blank lines ignored.
func ParseOrigins(content string) (*Origins, error) {
	o := &Origins{of: map[string]string{}}
	for n, line := range strings.Split(content, "\n") {
		line = strings.TrimRight(line, "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, code, ok := strings.Cut(line, "\t")
		name, code = strings.TrimSpace(name), strings.TrimSpace(code)
		if !ok || name == "" || len(code) < 2 || len(code) > 3 || strings.ToLower(code) != code {
			return nil, fmt.Errorf("data: %s line %d: want NAME<TAB>ORIGIN", FileNameOrigins, n+1)
		}
		o.of[name] = code
	}
	return o, nil
}

// Of returns the origin of a name as listed: the table's code, or
// OriginGerman for a name it does not list.
func (o *Origins) Of(name string) string {
	if c, ok := o.of[name]; ok {
		return c
	}
	return OriginGerman
}
