package data

import (
	"errors"
	"fmt"
	"strings"
)

// Institution is one entry of the register of unique public institutions
// (institutions.tsv): a university hospital, university, health insurer,
// pension or accident carrier, court, employment agency, heart or tumour
// centre.
type Institution struct {
	// Type is the facility class label (facility.Class.String, e.g.
	// "university-hospital", "court-landgericht").
	Type string
	// Name is the official name; Short its other spellings, the first
	// being its usual abbreviation or short form (may be empty).
	Name  string
	Short []string
	// Seat is the municipality of its seat; State the Land ("" for a
	// nationwide institution).
	Seat, State string
	// Country is the ISO code of a foreign institution's country ("" for
	// a German one), written "@NL" in the STATE column.
	Country string
}

// parseInstitutions reads one line of institutions.tsv: an I row (one
// institution) or an S row (a series named by a pattern over seats).
func parseInstitutions(t string) ([]Institution, error) {
	f := fields(t)
	state := func(s string) string {
		if s == "-" || strings.HasPrefix(s, "@") {
			return ""
		}
		return s
	}
	country := func(s string) string {
		if c, ok := strings.CutPrefix(s, "@"); ok {
			return c
		}
		return ""
	}
	switch {
	case len(f) == 6 && f[0] == "I":
		in := Institution{Type: f[1], Name: collapse(f[2]), Seat: collapse(f[4]), State: state(f[5]), Country: country(f[5])}
		if f[3] != "-" {
			for _, s := range strings.Split(f[3], "|") {
				if s = collapse(s); s != "" && s != in.Name {
					in.Short = append(in.Short, s)
				}
			}
		}
		if in.Type == "" || in.Name == "" || in.Seat == "" {
			return nil, errors.New("empty type, name or seat")
		}
		return []Institution{in}, nil
	case len(f) == 5 && f[0] == "S":
		var out []Institution
		for _, item := range strings.Split(f[4], ";") {
			name, seat, ok := strings.Cut(item, "=")
			name, seat = collapse(name), collapse(seat)
			if !ok {
				seat = name
			}
			if name == "" || seat == "" {
				return nil, fmt.Errorf("empty item in %q", f[4])
			}
			full := f[2]
			if strings.Contains(full, "{}") {
				full = strings.ReplaceAll(full, "{}", name)
			} else if len(strings.Split(f[4], ";")) > 1 {
				return nil, errors.New("a pattern without {} names one institution")
			}
			out = append(out, Institution{Type: f[1], Name: collapse(full), Seat: seat, State: state(f[3]), Country: country(f[3])})
		}
		if f[1] == "" || len(out) == 0 {
			return nil, errors.New("empty type or series")
		}
		return out, nil
	}
	return nil, fmt.Errorf("want I TYPE NAME SHORT SEAT STATE or S TYPE PATTERN STATE ITEMS, got %d columns", len(f))
}
