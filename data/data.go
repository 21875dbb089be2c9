package data

import (
	"bufio"
	"embed"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// Gender of a person as signalled by a first name, salutation or role noun.
type Gender int

// Gender values.
const (
	Unknown Gender = iota
	Female
	Male
)

// String returns "unknown", "female" or "male".
func (g Gender) String() string {
	switch g {
	case Female:
		return "female"
	case Male:
		return "male"
	default:
		return "unknown"
	}
}

// Title is an academic or medical title with its seniority rank.
// Rank 1 is the lowest degree; higher ranks are more senior. Titles of the
// same rank are interchangeable surrogates for each other.
type Title struct {
	Text string
	Rank int
}

// Municipality is one entry of the embedded gazetteer.
type Municipality struct {
	Name, State, District string   // State: full German name; District: Landkreis or kreisfreie Stadt
	Postcodes             []string // real 5-digit postcodes (a representative set for big cities)
	Population            int      // approximate
}

// Size classes returned by Municipality.SizeClass.
const (
	SizeVillage   = iota // < 5,000 inhabitants
	SizeSmallTown        // 5,000 – 19,999
	SizeTown             // 20,000 – 99,999
	SizeCity             // 100,000 – 499,999
	SizeBigCity          // ≥ 500,000
)

// SizeClass buckets the population so that a surrogate municipality of a
// similar size can be chosen.
func (m Municipality) SizeClass() int {
	switch {
	case m.Population < 5000:
		return SizeVillage
	case m.Population < 20000:
		return SizeSmallTown
	case m.Population < 100000:
		return SizeTown
	case m.Population < 500000:
		return SizeCity
	default:
		return SizeBigCity
	}
}

// Facility template kinds (keys of Resources.FacilityTemplates).
const (
	FacilityHospital     = "hospital"
	FacilityPractice     = "practice"
	FacilityOrganization = "organization"
	FacilityOther        = "other"
)

// Resources is the complete set of lists used by the fictive generators.
// Values returned by Default and Load are shared and must be treated as
// read-only.
type Resources struct {
	FemaleFirst, MaleFirst, UnisexFirst, Surnames []string
	Titles                                        []Title
	Salutations                                   map[string]Gender // keys as written: "Frau", "Hr.", …
	RoleNouns                                     map[string]Gender // "Patientin", "Sohn", …
	Municipalities                                []Municipality
	Streets                                       []string            // street names without house numbers
	StreetSuffixes                                []string            // "straße", "weg", …
	States                                        []string            // the 16 Länder
	Countries                                     []string            // German country names
	FacilityTemplates                             map[string][]string // kind → templates with placeholders
	Institutions                                  []Institution       // the register of unique public institutions
	// ExtendedGazetteer: the embedded extended gazetteer (Gazetteer)
	// completes Municipalities where they do not name a place. Default
	// sets it; replacing municipalities.tsv (Load) clears it, so that a
	// user's own list is the whole gazetteer.
	ExtendedGazetteer bool

	idx *index
	// derived holds what the packages that use the resources build from
	// them once (lexicons, the embedded gazetteer): it lives and dies with
	// this value, never in a process-wide cache (Derived).
	derived sync.Map
}

// Derived returns the value that build makes from r, building it on the
// first call for key and returning that one to every later call (and to
// concurrent first calls: build may run more than once, one result is
// kept). key is a value of a type private to the calling package, so that
// packages do not collide. The fields of r must not change after the
// first call.
func (r *Resources) Derived(key any, build func() any) any {
	if v, ok := r.derived.Load(key); ok {
		return v
	}
	v, _ := r.derived.LoadOrStore(key, build())
	return v
}

// Resource file names, as embedded and as recognised by Load.
const (
	FileFemaleFirst    = "female_first.txt"
	FileMaleFirst      = "male_first.txt"
	FileUnisexFirst    = "unisex_first.txt"
	FileSurnames       = "surnames.txt"
	FileTitles         = "titles.tsv"
	FileSalutations    = "salutations.tsv"
	FileRoleNouns      = "role_nouns.tsv"
	FileMunicipalities = "municipalities.tsv"
	FileStreets        = "streets.txt"
	FileStreetSuffixes = "street_suffixes.txt"
	FileStates         = "states.txt"
	FileCountries      = "countries.txt"
	FileFacilities     = "facilities.tsv"
	FileInstitutions   = "institutions.tsv"
)

// Files lists every resource file name in load order (states before
// municipalities, which are validated against them).
var Files = []string{
	FileFemaleFirst, FileMaleFirst, FileUnisexFirst, FileSurnames,
	FileTitles, FileSalutations, FileRoleNouns,
	FileStates, FileMunicipalities, FileStreets, FileStreetSuffixes,
	FileCountries, FileFacilities, FileInstitutions,
}

//go:embed resources/*.txt resources/*.tsv
var embedded embed.FS

var (
	defaultOnce sync.Once
	defaultRes  *Resources
	defaultErr  error
)

// Default returns the resources parsed from the embedded files. They are
// parsed once and shared; callers must not modify the result. A broken
// embedded file is a build defect and makes Default panic (the package
// tests parse every file).
func Default() *Resources {
	defaultOnce.Do(func() {
		defaultRes, defaultErr = parseEmbedded()
	})
	if defaultErr != nil {
		panic(defaultErr)
	}
	return defaultRes
}

func parseEmbedded() (*Resources, error) {
	r := &Resources{}
	for _, name := range Files {
		b, err := embedded.ReadFile("resources/" + name)
		if err != nil {
			return nil, fmt.Errorf("data: embedded %s: %w", name, err)
		}
		if err := r.apply(name, "embedded "+name, string(b), false); err != nil {
			return nil, err
		}
	}
	if err := r.finish(); err != nil {
		return nil, err
	}
	r.ExtendedGazetteer = true
	return r, nil
}

// Load returns a deep copy of Default with the resource files in dir
// applied: a file named like a resource file replaces that list,
// NAME.add.txt / NAME.add.tsv extends it. Replacements are applied before
// extensions. An unrecognised *.txt or *.tsv file is an error.
func Load(dir string) (*Resources, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("data: resources dir: %w", err)
	}
	known := map[string]string{} // file name → resource file name
	for _, f := range Files {
		known[f] = f
		ext := filepath.Ext(f)
		known[strings.TrimSuffix(f, ext)+".add"+ext] = f
	}
	present := map[string]bool{}
	for _, e := range entries {
		n := e.Name()
		ext := filepath.Ext(n)
		if e.IsDir() || (ext != ".txt" && ext != ".tsv") {
			continue
		}
		if _, ok := known[n]; !ok {
			return nil, fmt.Errorf("data: %s: unknown resource file (known: %s, or NAME.add.txt/.tsv)",
				filepath.Join(dir, n), strings.Join(Files, ", "))
		}
		present[n] = true
	}
	r := Default().clone()
	for _, add := range []bool{false, true} {
		for _, f := range Files {
			n := f
			if add {
				ext := filepath.Ext(f)
				n = strings.TrimSuffix(f, ext) + ".add" + ext
			}
			if !present[n] {
				continue
			}
			p := filepath.Join(dir, n)
			b, err := os.ReadFile(p)
			if err != nil {
				return nil, fmt.Errorf("data: %w", err)
			}
			if err := r.apply(f, p, string(b), add); err != nil {
				return nil, err
			}
		}
	}
	if err := r.finish(); err != nil {
		return nil, fmt.Errorf("data: %s: %w", dir, err)
	}
	return r, nil
}

// clone returns a deep copy without the index.
func (r *Resources) clone() *Resources {
	c := &Resources{
		FemaleFirst:    slices.Clone(r.FemaleFirst),
		MaleFirst:      slices.Clone(r.MaleFirst),
		UnisexFirst:    slices.Clone(r.UnisexFirst),
		Surnames:       slices.Clone(r.Surnames),
		Titles:         slices.Clone(r.Titles),
		Salutations:    maps.Clone(r.Salutations),
		RoleNouns:      maps.Clone(r.RoleNouns),
		Streets:        slices.Clone(r.Streets),
		StreetSuffixes: slices.Clone(r.StreetSuffixes),
		States:         slices.Clone(r.States),
		Countries:      slices.Clone(r.Countries),
		Institutions:   slices.Clone(r.Institutions),

		ExtendedGazetteer: r.ExtendedGazetteer,
	}
	c.Municipalities = make([]Municipality, len(r.Municipalities))
	for i, m := range r.Municipalities {
		m.Postcodes = slices.Clone(m.Postcodes)
		c.Municipalities[i] = m
	}
	c.FacilityTemplates = make(map[string][]string, len(r.FacilityTemplates))
	for k, v := range r.FacilityTemplates {
		c.FacilityTemplates[k] = slices.Clone(v)
	}
	return c
}

// line is one significant line of a resource file.
type line struct {
	no   int
	text string
}

func lines(content string) []line {
	var out []line
	sc := bufio.NewScanner(strings.NewReader(strings.TrimPrefix(content, "\ufeff")))
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	n := 0
	for sc.Scan() {
		n++
		t := strings.TrimSpace(sc.Text())
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		out = append(out, line{n, t})
	}
	return out
}

// fields splits a TSV line and trims every column.
func fields(t string) []string {
	f := strings.Split(t, "\t")
	for i := range f {
		f[i] = strings.TrimSpace(f[i])
	}
	return f
}

// collapse normalises inner whitespace of an entry to single spaces.
func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }

func parseGender(s string) (Gender, error) {
	switch strings.ToLower(s) {
	case "f", "w", "female", "weiblich":
		return Female, nil
	case "m", "male", "männlich":
		return Male, nil
	case "u", "unknown", "", "x", "d":
		return Unknown, nil
	}
	return Unknown, fmt.Errorf("gender %q (want f, m or u)", s)
}

// apply parses content of the resource file name (src names it in errors)
// and replaces or, if add, extends the corresponding list.
func (r *Resources) apply(name, src, content string, add bool) error {
	ls := lines(content)
	bad := func(l line, err error) error {
		return fmt.Errorf("data: %s:%d: %w", src, l.no, err)
	}
	list := func(dst *[]string) {
		var v []string
		if add {
			v = *dst
		}
		for _, l := range ls {
			v = append(v, collapse(l.text))
		}
		*dst = v
	}
	genders := func(dst *map[string]Gender) error {
		m := map[string]Gender{}
		if add {
			m = *dst
		}
		for _, l := range ls {
			f := fields(l.text)
			if len(f) != 2 || f[0] == "" {
				return bad(l, errors.New("want TEXT<TAB>GENDER"))
			}
			g, err := parseGender(f[1])
			if err != nil {
				return bad(l, err)
			}
			m[collapse(f[0])] = g
		}
		*dst = m
		return nil
	}
	switch name {
	case FileFemaleFirst:
		list(&r.FemaleFirst)
	case FileMaleFirst:
		list(&r.MaleFirst)
	case FileUnisexFirst:
		list(&r.UnisexFirst)
	case FileSurnames:
		list(&r.Surnames)
	case FileStreets:
		list(&r.Streets)
	case FileStreetSuffixes:
		list(&r.StreetSuffixes)
	case FileStates:
		list(&r.States)
	case FileCountries:
		list(&r.Countries)
	case FileSalutations:
		return genders(&r.Salutations)
	case FileRoleNouns:
		return genders(&r.RoleNouns)
	case FileTitles:
		var v []Title
		if add {
			v = r.Titles
		}
		for _, l := range ls {
			f := fields(l.text)
			if len(f) != 2 || f[1] == "" {
				return bad(l, errors.New("want RANK<TAB>TITLE"))
			}
			rank, err := strconv.Atoi(f[0])
			if err != nil || rank < 1 {
				return bad(l, fmt.Errorf("rank %q is not a positive integer", f[0]))
			}
			v = append(v, Title{Text: collapse(f[1]), Rank: rank})
		}
		r.Titles = v
	case FileMunicipalities:
		var v []Municipality
		if add {
			v = r.Municipalities
		} else {
			r.ExtendedGazetteer = false // the user's list is the gazetteer
		}
		for _, l := range ls {
			m, err := parseMunicipality(l.text)
			if err != nil {
				return bad(l, err)
			}
			v = append(v, m)
		}
		r.Municipalities = v
	case FileFacilities:
		m := map[string][]string{}
		if add {
			m = r.FacilityTemplates
		}
		for _, l := range ls {
			f := fields(l.text)
			if len(f) != 2 || f[1] == "" {
				return bad(l, errors.New("want KIND<TAB>TEMPLATE"))
			}
			switch f[0] {
			case FacilityHospital, FacilityPractice, FacilityOrganization, FacilityOther:
			default:
				return bad(l, fmt.Errorf("facility kind %q (want hospital, practice, organization or other)", f[0]))
			}
			if err := checkTemplate(f[1]); err != nil {
				return bad(l, err)
			}
			m[f[0]] = append(m[f[0]], collapse(f[1]))
		}
		r.FacilityTemplates = m
	case FileInstitutions:
		var v []Institution
		if add {
			v = r.Institutions
		}
		for _, l := range ls {
			is, err := parseInstitutions(l.text)
			if err != nil {
				return bad(l, err)
			}
			v = append(v, is...)
		}
		r.Institutions = v
	default:
		return fmt.Errorf("data: %s: unknown resource", src)
	}
	return nil
}

func parseMunicipality(t string) (Municipality, error) {
	f := fields(t)
	if len(f) != 5 {
		return Municipality{}, fmt.Errorf("want 5 tab-separated columns NAME STATE DISTRICT POPULATION POSTCODES, got %d", len(f))
	}
	m := Municipality{Name: collapse(f[0]), State: f[1], District: collapse(f[2])}
	if m.Name == "" || m.State == "" || m.District == "" {
		return m, errors.New("empty name, state or district")
	}
	pop, err := strconv.Atoi(strings.ReplaceAll(f[3], "_", ""))
	if err != nil || pop <= 0 {
		return m, fmt.Errorf("population %q is not a positive integer", f[3])
	}
	m.Population = pop
	for _, p := range strings.FieldsFunc(f[4], func(r rune) bool { return r == ',' || r == ' ' }) {
		if !isPostcode(p) {
			return m, fmt.Errorf("postcode %q is not 5 digits", p)
		}
		if !slices.Contains(m.Postcodes, p) {
			m.Postcodes = append(m.Postcodes, p)
		}
	}
	if len(m.Postcodes) == 0 {
		return m, errors.New("no postcodes")
	}
	return m, nil
}

func isPostcode(s string) bool {
	if len(s) != 5 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// finish deduplicates lists (first occurrence wins), validates
// cross-references and builds the lookup index.
func (r *Resources) finish() error {
	for _, p := range []*[]string{&r.FemaleFirst, &r.MaleFirst, &r.UnisexFirst, &r.Surnames,
		&r.Streets, &r.StreetSuffixes, &r.States, &r.Countries} {
		*p = dedupe(*p)
	}
	seenT := map[Title]bool{}
	r.Titles = slices.DeleteFunc(r.Titles, func(t Title) bool {
		if seenT[t] {
			return true
		}
		seenT[t] = true
		return false
	})
	sort.SliceStable(r.Titles, func(i, j int) bool { return r.Titles[i].Rank < r.Titles[j].Rank })
	for k, v := range r.FacilityTemplates {
		r.FacilityTemplates[k] = dedupe(v)
	}
	for name, v := range map[string]int{
		FileFemaleFirst: len(r.FemaleFirst), FileMaleFirst: len(r.MaleFirst), FileSurnames: len(r.Surnames),
		FileTitles: len(r.Titles), FileMunicipalities: len(r.Municipalities), FileStreets: len(r.Streets),
		FileStates: len(r.States), FileCountries: len(r.Countries),
	} {
		if v == 0 {
			return fmt.Errorf("data: %s: no entries", name)
		}
	}
	states := map[string]bool{}
	for _, s := range r.States {
		states[s] = true
	}
	for _, m := range r.Municipalities {
		if !states[m.State] {
			return fmt.Errorf("data: municipality %s: state %q is not in %s", m.Name, m.State, FileStates)
		}
	}
	for _, in := range r.Institutions {
		if in.State != "" && !states[in.State] {
			return fmt.Errorf("data: institution %s: state %q is not in %s", in.Name, in.State, FileStates)
		}
	}
	r.idx = buildIndex(r)
	return nil
}

func dedupe(v []string) []string {
	seen := make(map[string]bool, len(v))
	out := v[:0]
	for _, s := range v {
		if s == "" || seen[s] {
			continue
		}
		seen[s] = true
		out = append(out, s)
	}
	return slices.Clip(out)
}

// checkTemplate rejects unknown or unbalanced placeholders.
func checkTemplate(t string) error {
	for rest := t; ; {
		i := strings.IndexAny(rest, "{}")
		if i < 0 {
			return nil
		}
		if rest[i] == '}' {
			return fmt.Errorf("template %q: unbalanced '}'", t)
		}
		j := strings.IndexByte(rest[i:], '}')
		if j < 0 {
			return fmt.Errorf("template %q: unbalanced '{'", t)
		}
		ph := rest[i+1 : i+j]
		if !slices.Contains(Placeholders, ph) {
			return fmt.Errorf("template %q: unknown placeholder {%s} (known: %s)", t, ph, strings.Join(Placeholders, ", "))
		}
		rest = rest[i+j+1:]
	}
}

// Placeholders are the names usable in facility templates as {name}.
var Placeholders = []string{"city", "surname", "surname2", "name", "street"}

// FillTemplate replaces every {placeholder} of a facility template by
// fill(placeholder). Text outside braces is copied unchanged.
func FillTemplate(tpl string, fill func(placeholder string) string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(tpl, '{')
		if i < 0 {
			b.WriteString(tpl)
			return b.String()
		}
		j := strings.IndexByte(tpl[i:], '}')
		if j < 0 {
			b.WriteString(tpl)
			return b.String()
		}
		b.WriteString(tpl[:i])
		b.WriteString(fill(tpl[i+1 : i+j]))
		tpl = tpl[i+j+1:]
	}
}
