package data

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// Embedded geographic tables of the fictive location generators (files in
// resources/ that are not part of Resources: they describe places, not
// replaceable name lists).
const (
	FileAreaCodes     = "area_codes.tsv"
	FileForeignCities = "foreign_cities.tsv"
	FilePlaces        = "places_de.tsv"
	FileGazetteer     = "gazetteer_de.tsv"
)

// Place is one row of the embedded list of German places with at least
// 1,000 inhabitants (GeoNames, see places_de.tsv): a municipality or a named
// part of a city. It has no postcodes; the gazetteer (Municipalities) is
// what surrogates are drawn from, this list is for recognising and sizing
// places.
type Place struct {
	Name, State string
	Population  int
	Lat, Lon    float64
	Part        bool // a named part of a city (Winterhude), not a municipality
}

// GazetteerRow is one municipality of the extended embedded gazetteer
// (gazetteer_de.tsv: GeoNames joined with a postcode list, see that
// file's header): the curated Municipalities are the override, these rows
// complete them so that a surrogate of the original's size class and
// state exists (Resources.ExtendedGazetteer).
type GazetteerRow struct {
	Municipality        // District is "" when the source does not name it
	AreaCode     string // telephone area code without the trunk 0; "" when unknown
}

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

	placesOnce sync.Once
	places     []Place
	placesErr  error

	gazOnce sync.Once
	gaz     []GazetteerRow
	gazErr  error
)

// Gazetteer returns the extended embedded gazetteer (about 5,900
// municipalities of the 13 territorial states with real postcodes,
// sorted by state and name; shared, read-only). It is parsed on the first
// call, not by Default: only the location generators need it.
func Gazetteer() []GazetteerRow {
	gazOnce.Do(func() {
		var b []byte
		b, gazErr = embedded.ReadFile("resources/" + FileGazetteer)
		if gazErr == nil {
			gaz, gazErr = parseGazetteer(string(b))
		}
	})
	if gazErr != nil {
		panic(gazErr) // a broken embedded file is a build defect (tested)
	}
	return gaz
}

// unknownColumn marks an unknown DISTRICT or AREACODE in
// gazetteer_de.tsv.
const unknownColumn = "-"

func parseGazetteer(content string) ([]GazetteerRow, error) {
	out := make([]GazetteerRow, 0, strings.Count(content, "\n"))
	for n, line := range strings.Split(content, "\n") {
		line = strings.TrimRight(line, "\r")
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		bad := func(err error) error {
			return fmt.Errorf("data: embedded %s line %d: %w", FileGazetteer, n+1, err)
		}
		c := strings.Split(line, "\t")
		if len(c) != 6 {
			return nil, bad(fmt.Errorf("want 6 columns, got %d", len(c)))
		}
		pop, err := strconv.Atoi(c[3])
		if err != nil || pop <= 0 || c[0] == "" || c[1] == "" || c[2] == "" {
			return nil, bad(errors.New("empty name, state or district, or population not a positive integer"))
		}
		m := Municipality{Name: c[0], State: c[1], District: c[2], Population: pop, Postcodes: strings.Split(c[4], ",")}
		for _, p := range m.Postcodes {
			if !isPostcode(p) {
				return nil, bad(fmt.Errorf("postcode %q is not 5 digits", p))
			}
		}
		if m.District == unknownColumn {
			m.District = ""
		}
		code := c[5]
		if code == unknownColumn {
			code = ""
		} else if !validAreaCode(code) {
			return nil, bad(fmt.Errorf("area code %q", code))
		}
		out = append(out, GazetteerRow{Municipality: m, AreaCode: code})
	}
	return out, nil
}

// Places returns the embedded list of German places with at least 1,000
// inhabitants (about 7,200 rows, sorted by name, then by falling
// population; shared, read-only).
func Places() []Place {
	placesOnce.Do(func() {
		var b []byte
		b, placesErr = embedded.ReadFile("resources/" + FilePlaces)
		if placesErr == nil {
			places, placesErr = parsePlaces(string(b))
		}
	})
	if placesErr != nil {
		panic(placesErr) // a broken embedded file is a build defect (tested)
	}
	return places
}

func parsePlaces(content string) ([]Place, error) {
	var out []Place
	for n, line := range strings.Split(content, "\n") {
		line = strings.TrimRight(line, "\r")
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		c := strings.Split(line, "\t")
		if len(c) != 6 || c[0] == "" || (c[5] != "town" && c[5] != "part") {
			return nil, fmt.Errorf("data: embedded %s line %d: malformed", FilePlaces, n+1)
		}
		pop, err1 := strconv.Atoi(c[2])
		lat, err2 := strconv.ParseFloat(c[3], 64)
		lon, err3 := strconv.ParseFloat(c[4], 64)
		if err := errors.Join(err1, err2, err3); err != nil {
			return nil, fmt.Errorf("data: embedded %s line %d: %w", FilePlaces, n+1, err)
		}
		if pop <= 0 {
			return nil, fmt.Errorf("data: embedded %s line %d: population %d", FilePlaces, n+1, pop)
		}
		out = append(out, Place{Name: c[0], State: c[1], Population: pop, Lat: lat, Lon: lon, Part: c[5] == "part"})
	}
	return out, nil
}

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
