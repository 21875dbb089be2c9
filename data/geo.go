package data

import (
	"fmt"
	"strings"
	"sync"
)

// Embedded geographic tables of the fictive location generators (files in
// resources/ that are not part of Resources: they describe places, not
// replaceable name lists).
const (
	FileAreaCodes     = "area_codes.tsv"
	FileForeignCities = "foreign_cities.tsv"
)

// AreaCode is the telephone area code of one municipality of the embedded
// gazetteer.
type AreaCode struct {
	Name, State string
	Code        string // without the trunk 0: "341"
}

// ForeignCountry lists the main cities of one country outside Germany.
type ForeignCountry struct {
	Country string // as in countries.txt
	Cities  []string
}

var (
	geoOnce    sync.Once
	areaCodes  []AreaCode
	foreign    []ForeignCountry
	geoLoadErr error
)

// AreaCodes returns the embedded area-code table (shared, read-only).
func AreaCodes() []AreaCode {
	loadGeo()
	return areaCodes
}

// ForeignCities returns the embedded main cities of foreign countries
// (shared, read-only).
func ForeignCities() []ForeignCountry {
	loadGeo()
	return foreign
}

func loadGeo() {
	geoOnce.Do(func() {
		areaCodes, foreign, geoLoadErr = parseGeo()
	})
	if geoLoadErr != nil {
		panic(geoLoadErr) // a broken embedded file is a build defect (tested)
	}
}

func parseGeo() ([]AreaCode, []ForeignCountry, error) {
	var ac []AreaCode
	var fc []ForeignCountry
	for _, f := range []string{FileAreaCodes, FileForeignCities} {
		b, err := embedded.ReadFile("resources/" + f)
		if err != nil {
			return nil, nil, fmt.Errorf("data: embedded %s: %w", f, err)
		}
		for n, line := range strings.Split(string(b), "\n") {
			line = strings.TrimRight(line, "\r")
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			cols := strings.Split(line, "\t")
			switch {
			case f == FileAreaCodes && len(cols) == 3 && validAreaCode(cols[2]):
				ac = append(ac, AreaCode{Name: cols[0], State: cols[1], Code: cols[2]})
			case f == FileForeignCities && len(cols) == 2 && cols[1] != "":
				fc = append(fc, ForeignCountry{Country: cols[0], Cities: strings.Split(cols[1], ",")})
			default:
				return nil, nil, fmt.Errorf("data: embedded %s line %d: malformed", f, n+1)
			}
		}
	}
	return ac, fc, nil
}

// validAreaCode accepts 2–5 digits not starting with 0 or 1 (geographic
// German area codes).
func validAreaCode(s string) bool {
	if len(s) < 2 || len(s) > 5 || s[0] < '2' {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
