package data

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// FileFirstNameDecades is the embedded table of the decades of birth in
// which first names were common (NAME<TAB>FROM-TO[,FROM-TO…]), written for
// this project; it is not part of Resources (it tags the name lists, it
// is not a list of replaceable names).
const FileFirstNameDecades = "first_name_decades.tsv"

// Cohorts tells which first names fit a birth year.
type Cohorts struct {
	spans map[string][][2]int // name (as listed) → inclusive year ranges
}

var (
	cohortOnce sync.Once
	cohorts    *Cohorts
	cohortErr  error
)

// FirstNameCohorts returns the embedded first-name cohort table (shared,
// read-only).
func FirstNameCohorts() *Cohorts {
	cohortOnce.Do(func() {
		b, err := embedded.ReadFile("resources/" + FileFirstNameDecades)
		if err != nil {
			cohortErr = fmt.Errorf("data: embedded %s: %w", FileFirstNameDecades, err)
			return
		}
		cohorts, cohortErr = ParseCohorts(string(b))
	})
	if cohortErr != nil {
		panic(cohortErr) // a broken embedded file is a build defect (tested)
	}
	return cohorts
}

// ParseCohorts parses a cohort table: one NAME<TAB>FROM-TO[,FROM-TO…] per
// line, "#" comments and blank lines ignored.
func ParseCohorts(content string) (*Cohorts, error) {
	c := &Cohorts{spans: map[string][][2]int{}}
	for n, line := range strings.Split(content, "\n") {
		line = strings.TrimRight(line, "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		bad := func(why string) error {
			return fmt.Errorf("data: %s line %d: %s", FileFirstNameDecades, n+1, why)
		}
		name, ranges, ok := strings.Cut(line, "\t")
		if !ok || strings.TrimSpace(name) == "" {
			return nil, bad("want NAME<TAB>FROM-TO")
		}
		for _, r := range strings.Split(ranges, ",") {
			a, b, ok := strings.Cut(strings.TrimSpace(r), "-")
			from, err1 := strconv.Atoi(a)
			to, err2 := strconv.Atoi(b)
			if !ok || err1 != nil || err2 != nil || from < 1800 || to < from || to > 2100 {
				return nil, bad("want a year range FROM-TO")
			}
			c.spans[name] = append(c.spans[name], [2]int{from, to})
		}
	}
	return c, nil
}

// Tagged reports whether the table knows name.
func (c *Cohorts) Tagged(name string) bool { _, ok := c.spans[name]; return ok }

// Fits reports whether name was common for people born in year; an
// untagged name fits every year.
func (c *Cohorts) Fits(name string, year int) bool {
	rs, ok := c.spans[name]
	if !ok {
		return true
	}
	for _, r := range rs {
		if year >= r[0] && year <= r[1] {
			return true
		}
	}
	return false
}
