package letters

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/formats/jsonl"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

const (
	srcDir    = "../../testdata/letters-src"
	outDir    = "../../testdata/letters"
	minDev    = 32
	minHeld   = 12
	minWords  = 150
	maxWords  = 600
	devSet    = "dev"
	heldSet   = "heldout"
	typesFile = "FACILITY-TYPES.md"
)

// TestParseRole: a facility span may give its role as a fourth field.
func TestParseRole(t *testing.T) {
	l, err := Parse("x", []byte("durch den [[LOCATION_ORGANIZATION|Betreuungsverein Konstanz e. V.|association|betreuungsverein]]"))
	if err != nil {
		t.Fatal(err)
	}
	if s := l.Spans[0]; s.Type != "association" || s.Role != "betreuungsverein" || l.Covered(s) != "Betreuungsverein Konstanz e. V." {
		t.Errorf("span %+v", s)
	}
}

func TestParse(t *testing.T) {
	type sp struct {
		kind       kinds.Kind
		typ        string
		rb, re     int
		u16b, u16e int
		text       string
	}
	cases := []struct {
		name string
		src  string
		text string
		want []sp
	}{
		{"plain", "kein Span", "kein Span", nil},
		{"one", "Frau [[NAME_PATIENT|Albers]].", "Frau Albers.",
			[]sp{{kinds.NamePatient, "", 5, 11, 5, 11, "Albers"}}},
		{"typed", "bei der [[LOCATION_ORGANIZATION|AOK PLUS|insurer-statutory]] versichert", "bei der AOK PLUS versichert",
			[]sp{{kinds.LocationOrganization, "insurer-statutory", 8, 16, 8, 16, "AOK PLUS"}}},
		{"umlauts and astral", "Grüße 😀 [[NAME_DOCTOR|Jörg Müller]] und [[DATE|4.4.1997]]", "Grüße 😀 Jörg Müller und 4.4.1997",
			[]sp{{kinds.NameDoctor, "", 8, 19, 9, 20, "Jörg Müller"}, {kinds.Date, "", 24, 32, 25, 33, "4.4.1997"}}},
		{"multi-line span", "[[LOCATION_HOSPITAL|Klinikum\nLindenau|hospital]]", "Klinikum\nLindenau",
			[]sp{{kinds.LocationHospital, "hospital", 0, 17, 0, 17, "Klinikum\nLindenau"}}},
		{"adjacent", "[[NAME_TITLE|Dr.]] [[NAME_DOCTOR|Ri]]/[[NAME_USERNAME|kl]]", "Dr. Ri/kl",
			[]sp{{kinds.NameTitle, "", 0, 3, 0, 3, "Dr."}, {kinds.NameDoctor, "", 4, 6, 4, 6, "Ri"}, {kinds.NameUsername, "", 7, 9, 7, 9, "kl"}}},
		{"single brackets", "Befund [a] und [[ID|12]]", "Befund [a] und 12",
			[]sp{{kinds.ID, "", 15, 17, 15, 17, "12"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l, err := Parse("x", []byte(c.src))
			if err != nil {
				t.Fatal(err)
			}
			if l.Text != c.text {
				t.Fatalf("text %q, want %q", l.Text, c.text)
			}
			if len(l.Spans) != len(c.want) {
				t.Fatalf("%d spans, want %d", len(l.Spans), len(c.want))
			}
			u := utf16.Encode([]rune(l.Text))
			r := []rune(l.Text)
			for i, w := range c.want {
				s := l.Spans[i]
				got := sp{s.Kind, s.Type, s.RuneBegin, s.RuneEnd, s.UTF16Begin, s.UTF16End, l.Covered(s)}
				if got != w {
					t.Errorf("span %d = %+v, want %+v", i, got, w)
				}
				if string(r[s.RuneBegin:s.RuneEnd]) != w.text || string(utf16.Decode(u[s.UTF16Begin:s.UTF16End])) != w.text {
					t.Errorf("span %d: offsets do not cover %q", i, w.text)
				}
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct {
		name, src, want string
	}{
		{"unclosed", "a\nb [[NAME_PATIENT|Albers", "x:2:3: span not closed"},
		{"stray close", "a ]] b", "x:1:3: \"]]\" without \"[[\""},
		{"nested", "[[NAME_PATIENT|A [[DATE|1.1.]]]]", "x:1:1: nested span"},
		{"one field", "[[NAME_PATIENT]]", "needs [[KIND|text]]"},
		{"five fields", "[[LOCATION_OTHER|a|park|b|c]]", "has 5 fields"},
		{"bad role", "[[LOCATION_OTHER|a|park|B]]", "role"},
		{"unknown kind", "[[NAME_FOO|a]]", `kind "NAME_FOO" is not a canonical kind`},
		{"alias", "[[NAME_USER|ab]]", `kind "NAME_USER" is not a canonical kind`},
		{"lower case", "[[date|1.1.]]", `kind "date"`},
		{"empty", "[[DATE|]]", "empty DATE span"},
		{"leading blank", "[[DATE| 1.1.]]", "leading or trailing blanks"},
		{"trailing newline", "[[NAME_DOCTOR|Ri\n]]", "leading or trailing blanks"},
		{"untyped facility", "[[LOCATION_HOSPITAL|UKL]]", "LOCATION_HOSPITAL span without a facility type"},
		{"type on name", "[[NAME_EXT|Meyer|company]]", "NAME_EXT span has a facility type"},
		{"unknown type", "[[LOCATION_OTHER|Rosental|garden]]", `unknown facility type "garden"`},
		{"invalid utf-8", "a\xffb", "not valid UTF-8"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("x", []byte(c.src))
			if err == nil {
				t.Fatalf("no error, want %q", c.want)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q, want it to contain %q", err, c.want)
			}
		})
	}
}

// TestErrorsQuoteNoText checks that an error never quotes the covered text.
func TestErrorsQuoteNoText(t *testing.T) {
	for _, src := range []string{"[[NAME_PATIENT|Geheimname", "[[LOCATION_HOSPITAL|Geheimname]]", "[[DATE| Geheimname]]", "[[NAME_EXT|Geheimname|other]]"} {
		_, err := Parse("x", []byte(src))
		if err == nil || strings.Contains(err.Error(), "Geheimname") {
			t.Errorf("%q: error %v", src, err)
		}
	}
}

func loadSet(t *testing.T, set string) []*Letter {
	t.Helper()
	ls, err := Load(filepath.Join(srcDir, set))
	if err != nil {
		t.Fatal(err)
	}
	return ls
}

// TestFacilityTypesDoc checks that FacilityTypes is the vocabulary of the
// table in testdata/letters-src/FACILITY-TYPES.md.
func TestFacilityTypesDoc(t *testing.T) {
	f, err := os.Open(filepath.Join(srcDir, typesFile))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var doc []string
	row := regexp.MustCompile(`^\| ([a-z-]+) \|`)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if m := row.FindStringSubmatch(sc.Text()); m != nil && m[1] != "type" {
			doc = append(doc, m[1])
		}
	}
	if strings.Join(doc, " ") != strings.Join(FacilityTypes, " ") {
		t.Errorf("FACILITY-TYPES.md lists\n%v\nFacilityTypes is\n%v", doc, FacilityTypes)
	}
}

var (
	kvnrRE = regexp.MustCompile(`^[A-Z][0-9]{9}$`)
	rvnrRE = regexp.MustCompile(`^([0-9]{2}) ?([0-3][0-9])([01][0-9])([0-9]{2}) ?([A-Z]) ?([0-9]{2})([0-9])$`)
)

// kvnrValid checks the check digit of a Krankenversichertennummer
// (§ 290 SGB V): the letter as two digits (A = 01), then the 8 digits,
// weights 1,2,1,2…, digit sums of the products, sum mod 10.
func kvnrValid(s string) bool {
	d := []int{int(s[0]-'A'+1) / 10, int(s[0]-'A'+1) % 10}
	for _, c := range s[1:9] {
		d = append(d, int(c-'0'))
	}
	sum := 0
	for i, v := range d {
		p := v * (1 + i%2)
		sum += p/10 + p%10
	}
	return sum%10 == int(s[9]-'0')
}

// rvnrValid checks the check digit of a Rentenversicherungsnummer: area,
// birth date, the letter as two digits, serial; weights
// 2,1,2,5,7,1,2,1,2,1,2,1, digit sums of the products, sum mod 10.
func rvnrValid(m []string) bool {
	digits := m[1] + m[2] + m[3] + m[4]
	n := int(m[5][0] - 'A' + 1)
	digits += string(rune('0'+n/10)) + string(rune('0'+n%10)) + m[6]
	w := []int{2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1}
	sum := 0
	for i, c := range digits {
		p := int(c-'0') * w[i]
		sum += p/10 + p%10
	}
	return sum%10 == int(m[7][0]-'0')
}

func TestCheckDigits(t *testing.T) {
	// Worked examples: KVNR A123456780 and the RVNR 15 070649 C 103 of the
	// published descriptions of both algorithms.
	if !kvnrValid("A123456780") || kvnrValid("A123456781") {
		t.Error("kvnrValid")
	}
	if m := rvnrRE.FindStringSubmatch("15 070649 C 103"); m == nil || !rvnrValid(m) {
		t.Error("rvnrValid 15 070649 C 103")
	}
	if m := rvnrRE.FindStringSubmatch("15 070649 C 104"); m == nil || rvnrValid(m) {
		t.Error("rvnrValid accepts a wrong check digit")
	}
}

// TestCorpus checks every letter of both sets: it parses, its size is that
// of a letter, its kinds are canonical, its facility spans are typed from
// the vocabulary, no span has blanks at its ends, structured IDs carry
// valid check digits; and it logs the spans per kind and facility type.
func TestCorpus(t *testing.T) {
	seen := map[string]string{}
	for _, set := range []struct {
		name string
		min  int
	}{{devSet, minDev}, {heldSet, minHeld}} {
		ls := loadSet(t, set.name)
		if len(ls) < set.min {
			t.Errorf("%s: %d letters, want at least %d", set.name, len(ls), set.min)
		}
		perKind := map[kinds.Kind]int{}
		perType := map[string]int{}
		words, spans := 0, 0
		for _, l := range ls {
			if other, dup := seen[l.Name]; dup {
				t.Errorf("%s: letter %s also in %s", set.name, l.Name, other)
			}
			seen[l.Name] = set.name
			n := len(strings.Fields(l.Text))
			words += n
			if n < minWords || n > maxWords {
				t.Errorf("%s/%s: %d words, want %d–%d", set.name, l.Name, n, minWords, maxWords)
			}
			births := 0
			for _, s := range l.Spans {
				spans++
				perKind[s.Kind]++
				if !s.Kind.Valid() {
					t.Errorf("%s/%s:%d: kind %q", set.name, l.Name, s.Line, s.Kind)
				}
				if IsFacilityKind(s.Kind) {
					perType[s.Type]++
					if !IsFacilityType(s.Type) {
						t.Errorf("%s/%s:%d: facility type %q", set.name, l.Name, s.Line, s.Type)
					}
				}
				c := l.Covered(s)
				if r, _ := utf8.DecodeRuneInString(c); unicode.IsSpace(r) {
					t.Errorf("%s/%s:%d: span starts with a blank", set.name, l.Name, s.Line)
				}
				if r, _ := utf8.DecodeLastRuneInString(c); unicode.IsSpace(r) {
					t.Errorf("%s/%s:%d: span ends with a blank", set.name, l.Name, s.Line)
				}
				if s.Kind == kinds.DateBirth {
					births++
				}
				if s.Kind == kinds.ID {
					if kvnrRE.MatchString(c) && !kvnrValid(c) {
						t.Errorf("%s/%s:%d: KVNR with a wrong check digit", set.name, l.Name, s.Line)
					}
					if m := rvnrRE.FindStringSubmatch(c); m != nil && !rvnrValid(m) {
						t.Errorf("%s/%s:%d: RVNR with a wrong check digit", set.name, l.Name, s.Line)
					}
				}
			}
			checkRVNR(t, set.name, l)
			if births != 1 {
				t.Errorf("%s/%s: %d DATE_BIRTH spans, want 1", set.name, l.Name, births)
			}
		}
		t.Logf("%s: %d letters, %d words, %d spans", set.name, len(ls), words, spans)
		var b strings.Builder
		for _, k := range kinds.All {
			if perKind[k] > 0 {
				b.WriteString(" " + string(k) + "=" + strconv.Itoa(perKind[k]))
			}
		}
		t.Logf("%s: spans per kind:%s", set.name, b.String())
		b.Reset()
		types := make([]string, 0, len(perType))
		for k := range perType {
			types = append(types, k)
		}
		sort.Strings(types)
		for _, k := range types {
			b.WriteString(" " + k + "=" + strconv.Itoa(perType[k]))
		}
		t.Logf("%s: facility spans per type:%s", set.name, b.String())
	}
}

// TestJSONL writes testdata/letters/{dev,heldout}.jsonl with the product's
// JSON Lines writer (golden, -update) and reads them back with its reader:
// same text, same spans in code points, same kinds.
func TestJSONL(t *testing.T) {
	for _, set := range []string{devSet, heldSet} {
		ls := loadSet(t, set)
		var buf bytes.Buffer
		for _, l := range ls {
			if err := jsonl.Write(&buf, l.Document()); err != nil {
				t.Fatal(err)
			}
		}
		path := filepath.Join(outDir, set+".jsonl")
		testutil.Golden(t, path, buf.Bytes())
		r := jsonl.NewReader(bytes.NewReader(buf.Bytes()))
		for _, l := range ls {
			d, err := r.Next()
			if err != nil {
				t.Fatalf("%s: read back %s: %v", set, l.Name, err)
			}
			if d.Name != l.Name || d.Text != l.Text || len(d.Spans) != len(l.Spans) {
				t.Fatalf("%s: %s read back differs", set, l.Name)
			}
			for i, s := range d.Spans {
				// The reader keeps the label; kinds are resolved later.
				w := l.Spans[i]
				if k, _ := kinds.Parse(s.Label); k != w.Kind || s.Begin != w.Begin || s.End != w.End {
					t.Fatalf("%s/%s: span %d read back as %q %d-%d, want %s %d-%d", set, l.Name, i, s.Label, s.Begin, s.End, w.Kind, w.Begin, w.End)
				}
			}
		}
	}
}

var birthRE = regexp.MustCompile(`^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$`)

// checkRVNR checks that every Rentenversicherungsnummer of a letter spells
// the patient's birth date and the initial of one of the patient's
// surnames, as the real number does.
func checkRVNR(t *testing.T, set string, l *Letter) {
	t.Helper()
	var birth string
	initials := map[byte]bool{}
	for _, s := range l.Spans {
		c := l.Covered(s)
		switch s.Kind {
		case kinds.DateBirth:
			if m := birthRE.FindStringSubmatch(c); m != nil {
				y := m[3]
				birth = pad2(m[1]) + pad2(m[2]) + y[len(y)-2:]
			}
		case kinds.NamePatient:
			// "Kühn, Andreas" or "Andreas Kühn": the surname is the
			// part before the comma or the last word.
			sur := c
			if i := strings.Index(c, ","); i >= 0 {
				sur = c[:i]
			} else if f := strings.Fields(c); len(f) > 0 {
				sur = f[len(f)-1]
			}
			for _, part := range strings.FieldsFunc(sur, func(r rune) bool { return r == '-' || r == ' ' }) {
				if r, _ := utf8.DecodeRuneInString(part); unicode.IsUpper(r) && r < utf8.RuneSelf {
					initials[byte(r)] = true
				}
			}
		}
	}
	for _, s := range l.Spans {
		m := rvnrRE.FindStringSubmatch(l.Covered(s))
		if s.Kind != kinds.ID || m == nil {
			continue
		}
		if m[2]+m[3]+m[4] != birth {
			t.Errorf("%s/%s:%d: RVNR date part does not spell the birth date", set, l.Name, s.Line)
		}
		if !initials[m[5][0]] {
			t.Errorf("%s/%s:%d: RVNR letter is no initial of the patient's surname", set, l.Name, s.Line)
		}
	}
}

func pad2(s string) string {
	if len(s) == 1 {
		return "0" + s
	}
	return s
}

func TestLoadErrors(t *testing.T) {
	dir := t.TempDir()
	if _, err := Load(dir); err == nil || !strings.Contains(err.Error(), "no letters") {
		t.Errorf("empty dir: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "README.md"), []byte("[[unclosed"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "a.md"), []byte("[[DATE|1.1.]] ok"), 0o644); err != nil {
		t.Fatal(err)
	}
	ls, err := Load(dir)
	if err != nil || len(ls) != 1 || ls[0].Name != "a" {
		t.Fatalf("README.md is skipped, a.md loaded: %v %v", ls, err)
	}
	if err := os.WriteFile(filepath.Join(dir, "b.md"), []byte("ok\n[[DATE|1.1."), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(dir); err == nil || !strings.Contains(err.Error(), "b:2:1: span not closed") {
		t.Errorf("malformed letter: %v", err)
	}
	if _, err := Load(filepath.Join(dir, "missing")); err == nil {
		t.Error("missing dir: no error")
	}
}
