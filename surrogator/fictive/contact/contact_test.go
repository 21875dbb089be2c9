package contact

import (
	"fmt"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// testRes is a small fixed gazetteer so that golden output does not depend
// on the evolving embedded resources.
var testRes = &data.Resources{Municipalities: []data.Municipality{
	{Name: "Leipzig", State: "Sachsen", District: "Leipzig", Postcodes: []string{"04103"}, Population: 616000},
	{Name: "Dresden", State: "Sachsen", District: "Dresden", Postcodes: []string{"01067"}, Population: 556000},
	{Name: "Chemnitz", State: "Sachsen", District: "Chemnitz", Postcodes: []string{"09111"}, Population: 243000},
	{Name: "Zwickau", State: "Sachsen", District: "Zwickau", Postcodes: []string{"08056"}, Population: 87000},
	{Name: "Plauen", State: "Sachsen", District: "Vogtlandkreis", Postcodes: []string{"08523"}, Population: 64000},
	{Name: "München", State: "Bayern", District: "München", Postcodes: []string{"80331"}, Population: 1510000},
	{Name: "Nürnberg", State: "Bayern", District: "Nürnberg", Postcodes: []string{"90402"}, Population: 523000},
	{Name: "Frankfurt am Main", State: "Hessen", District: "Frankfurt am Main", Postcodes: []string{"60311"}, Population: 773000},
	{Name: "Ulm", State: "Baden-Württemberg", District: "Ulm", Postcodes: []string{"89073"}, Population: 126000},
	{Name: "Halle (Saale)", State: "Sachsen-Anhalt", District: "Halle (Saale)", Postcodes: []string{"06108"}, Population: 238000},
	{Name: "Magdeburg", State: "Sachsen-Anhalt", District: "Magdeburg", Postcodes: []string{"39104"}, Population: 236000},
}}

// newCtx builds a one-span document around s and a context for it.
func newCtx(k kinds.Kind, s string, sc *fictive.Scope, res *data.Resources) *fictive.Context {
	d := document.Document{Text: "Kontakt: " + s + " .", Spans: []document.Span{{Kind: k, Begin: 9, End: 9 + len(s), Ref: -1}}}
	d.Normalize()
	return &fictive.Context{Kind: k, Doc: &d, Span: 0, Scope: sc, DocScope: sc, State: &fictive.DocState{}, Res: res}
}

// goldenScope is a scope with the name, organisation and city surrogates a
// document would have produced before its contact spans.
func goldenScope() *fictive.Scope {
	sc := fictive.NewScope([]byte("golden"))
	sc.Set(fictive.NSSurname, "müller", "Schröder")
	sc.Set(fictive.NSSurname, "mustermann", "Hoffmann")
	sc.Set(fictive.NSSurname, "meier-schulz", "Weiß-Bauer")
	sc.Set(fictive.NSSurname, "von der leyen", "zu Guttenberg")
	sc.Set(fictive.NSFirstName, "max", "Jürgen")
	sc.Set(fictive.NSFirstName, "anna", "Lena")
	sc.Set(fictive.NSInitial, "a", "L")
	sc.Set(fictive.NSOrg, "praxis am markt", "Praxis an der Linde")
	sc.Set(fictive.NSCity, "dresden", "Zwickau")
	return sc
}

type gcase struct {
	kind kinds.Kind
	in   string
	note string
}

var goldenCases = []gcase{
	// ID: pattern, prefixes, IBAN, BIC
	{kinds.ID, "A-202344102", "pattern upper/digits"},
	{kinds.ID, "ab-12/CD", "mixed case and separators"},
	{kinds.ID, "M", "single letter (Haus M)"},
	{kinds.ID, "4 Nord", "non-ASCII lower letter"},
	{kinds.ID, "KV-12345", "known prefix KV kept"},
	{kinds.ID, "DE123456789", "VAT id: DE kept"},
	{kinds.ID, "PID 0815-4711", "known prefix PID kept"},
	{kinds.ID, "Nr. 4711", "Nr. kept"},
	{kinds.ID, "A123456780", "KVNR shape"},
	{kinds.ID, "12 150380 M 01 3", "Rentenversicherungsnummer (person unknown: the date, a letter)"},
	{kinds.ID, "4 XVII 233/21", "court file number, Roman register"},
	{kinds.ID, "S 12 KR 345/19", "court file number, social court"},
	{kinds.ID, "LANR 999999900", "LANR: check digit, specialty group kept"},
	{kinds.ID, "IK 108310400", "IK: class and region kept"},
	{kinds.ID, "BSNR 381234567", "BSNR: KV region kept"},
	{kinds.ID, "44719023", "Fallnummer digits"},
	{kinds.ID, "DExyz", "prefix-like letters are not a prefix"},
	{kinds.ID, "DE89370400440532013000", "German IBAN compact"},
	{kinds.ID, "DE89 3704 0044 0532 0130 00", "German IBAN in groups"},
	{kinds.ID, "de32 3904 0013 9542 6486 43", "lower-case IBAN"},
	{kinds.ID, "DE00390400139542648643", "German IBAN with wrong check digits"},
	{kinds.ID, "AT611904300234573201", "Austrian IBAN"},
	{kinds.ID, "CH93 0076 2011 6238 5295 7", "Swiss IBAN in groups"},
	{kinds.ID, "DE32 39040013 9542648643", "German IBAN, irregular spacing"},
	{kinds.ID, "IBAN: DE89 3704 0044 0532 0130 00", "IBAN label in span"},
	{kinds.ID, "BIC COBADEFFXXX", "BIC label in span"},
	{kinds.ID, "COBADEFFXXX", "BIC 11"},
	{kinds.ID, "DEUTDEDBXXX", "BIC with primary office XXX"},
	{kinds.ID, "COBADEFF", "BIC 8"},
	{kinds.ID, "BKAUATWW", "Austrian BIC"},
	// phone and fax
	{kinds.ContactPhone, "(0461) 708 - 223", "parenthesised area, spaced hyphen"},
	{kinds.ContactPhone, "0699-15099887", "unknown 3-digit prefix"},
	{kinds.ContactPhone, "+49 341 97-109", "international"},
	{kinds.ContactPhone, "0341/97-109", "slash"},
	{kinds.ContactPhone, "0123/987654", "fictional area code"},
	{kinds.ContactPhone, "+49 (0)341 9710", "(0) trunk"},
	{kinds.ContactPhone, "0171 1234567", "mobile 017x"},
	{kinds.ContactPhone, "01511 2345678", "mobile 4-digit prefix"},
	{kinds.ContactPhone, "+49 1520 1234567", "international mobile"},
	{kinds.ContactPhone, "0049 30 12345678", "0049 and Berlin"},
	{kinds.ContactPhone, "089/123456-0", "switchboard -0 kept"},
	{kinds.ContactPhone, "0341 97109-223", "extension"},
	{kinds.ContactPhone, "0800 1234567", "service number prefix kept"},
	{kinds.ContactPhone, "08031/44719", "4-digit area"},
	{kinds.ContactPhone, "035205 12345", "5-digit area"},
	{kinds.ContactPhone, "97-109", "local number"},
	{kinds.ContactPhone, "+43 1 40400", "Austria"},
	{kinds.ContactPhone, "+41 44 123 45 67", "Switzerland"},
	{kinds.ContactPhone, "Tel. 0341 9710", "label in span"},
	{kinds.ContactPhone, "+4934197109", "unseparated international"},
	{kinds.ContactPhone, "034197109", "unseparated national"},
	{kinds.ContactFax, "0341 97-10999", "fax"},
	{kinds.ContactFax, "Fax: (0 34 1) 97 10 99", "odd grouping"},
	// e-mail
	{kinds.ContactEmail, "max.mueller@medizin.uni-leipzig.de", "first.last + city host"},
	{kinds.ContactEmail, "onkologie@med.uni-leipzig.de", "role local kept"},
	{kinds.ContactEmail, "a.winter@klinikum-leipzig.de", "initial + unknown name"},
	{kinds.ContactEmail, "KB-RA-456@uni-klinik-leipzig.de", "abbreviation pattern"},
	{kinds.ContactEmail, "gyn@med.uni-leipzig.de", "pseudo-word"},
	{kinds.ContactEmail, "kontakt-per-mail@uniklinik-musterhausen.de", "fictional city"},
	{kinds.ContactEmail, "info-nova@lists.uni-leipzig.de", "subdomain kept"},
	{kinds.ContactEmail, "mailto:info@praxis-mueller.de", "mailto + surname in host"},
	{kinds.ContactEmail, "Max_Mueller@Example.COM", "case style kept"},
	{kinds.ContactEmail, "mmustermann@web.de", "initial+surname"},
	{kinds.ContactEmail, "info@klinikum.de", "all generic must still change"},
	{kinds.ContactEmail, "<sekretariat@klinikum-dresden.de>", "brackets, city already surrogated"},
	{kinds.ContactEmail, "dr.mueller@t-online.de", "title word kept"},
	{kinds.ContactEmail, "muller@gmx.net", "umlaut without e"},
	{kinds.ContactEmail, "MAX.MUELLER@UKL.DE", "upper case"},
	{kinds.ContactEmail, "anna.meier-schulz@klinik.de", "double surname"},
	{kinds.ContactEmail, "a.von.der.leyen@bund.de", "particle surname"},
	{kinds.ContactEmail, "Anna.Meier-Schulz@Klinik.de", "double surname, title case"},
	{kinds.ContactEmail, "termine@praxis-am-markt.de", "organisation host"},
	{kinds.ContactEmail, "mustermann.max@uniklinikumleipzig.de", "last.first, generic+city compound"},
	{kinds.ContactEmail, "j.schmidt2@mail.charite.de", "digits in local"},
	{kinds.ContactEmail, "info@münchen-klinik.de", "IDN host transliterated"},
	{kinds.ContactEmail, "max.mueller(at)uni-leipzig.de", "obfuscated (at)"},
	{kinds.ContactEmail, "Sekretariat [at] klinikum-chemnitz.de", "obfuscated [at] with spaces"},
	// URL
	{kinds.ContactURL, "https://www.uniklinikum-leipzig.de/Content/Plaene/KBL/Campus/campusplan-neu-uniklinikum-leipzig.pdf?Version=5", "deep path, extension, query"},
	{kinds.ContactURL, "https://www.uniklinikum-leipzig.de/", "root"},
	{kinds.ContactURL, "www.universitätsklinikum-musterhausen.de", "no scheme, IDN"},
	{kinds.ContactURL, "http://praxis-mueller.de/team/dr-mueller.html", "surname in host and path"},
	{kinds.ContactURL, "https://www.klinikum-musterstadt.de:8443/kontakt?id=4711&lang=de#anfahrt", "port, query, fragment"},
	{kinds.ContactURL, "http://192.168.10.5/intranet", "IPv4 host"},
	{kinds.ContactURL, "leipzig.de", "bare city domain"},
	{kinds.ContactURL, "https://de.wikipedia.org/wiki/Leipzig", "city in path"},
	{kinds.ContactURL, "ftp://files.example.org/pub/report_2023.pdf", "ftp, underscore, digits"},
	{kinds.ContactURL, "https://praxis-am-markt.de/aerzte/anna-mustermann", "organisation host, name path"},
	{kinds.ContactURL, "https://www.ulm.de/rathaus?q=frankfurt%20am%20main", "short city host, percent escape"},
	{kinds.ContactURL, "(www.klinikum-halle.de).", "punctuation around"},
	// user names
	{kinds.NameUsername, "mmustermann", "initial+surname"},
	{kinds.NameUsername, "max.mueller", "first.last"},
	{kinds.NameUsername, "MB-IN-123", "pattern"},
	{kinds.NameUsername, "mueller.max", "last.first"},
	{kinds.NameUsername, "MMueller", "initial+surname capitalised"},
	{kinds.NameUsername, "muellerm", "surname+initial"},
	{kinds.NameUsername, "jdoe42", "no known name"},
	{kinds.NameUsername, "admin01", "generic word"},
	{kinds.NameUsername, "Max_Mueller", "underscore"},
	{kinds.NameUsername, "SCHMIDTJ", "upper"},
	// age
	{kinds.Age, "93 Jahre", "cap with unit"},
	{kinds.Age, "93", "cap"},
	{kinds.Age, "93-jährig", "hyphen compound"},
	{kinds.Age, "93jährige", "compound"},
	{kinds.Age, "102", "three digits"},
	{kinds.Age, "93,5 Jahre", "decimal"},
	{kinds.Age, "dreiundneunzig", "number word"},
	{kinds.Age, "Hundertzwei Jahre", "capitalised number word"},
	{kinds.Age, "dreiundneunzigjährige", "number word compound"},
	{kinds.Age, "89", "not above 89: unchanged"},
	{kinds.Age, "fünfundfünfzig", "word not above 89: unchanged"},
}

func TestGolden(t *testing.T) {
	if len(goldenCases) < 60 {
		t.Fatalf("only %d golden cases", len(goldenCases))
	}
	var b strings.Builder
	for _, c := range goldenCases {
		g, err := testGenerators.Lookup(c.kind)
		if err != nil {
			t.Fatal(err)
		}
		sc := goldenScope()
		got, err := g(c.in, newCtx(c.kind, c.in, sc, testRes))
		if err != nil {
			t.Errorf("%s %q: %v", c.kind, c.in, err)
			continue
		}
		if got == c.in && c.kind != kinds.Age {
			t.Errorf("%s %q: surrogate equals original", c.kind, c.in)
		}
		fmt.Fprintf(&b, "%-13s %-24s %s\n%13s %24s %s\n", c.kind, "("+c.note+")", c.in, "", "→", got)
	}
	testutil.Golden(t, "testdata/contact.golden", []byte(b.String()))
}

func TestRegistered(t *testing.T) {
	for _, k := range []kinds.Kind{kinds.ID, kinds.NameUsername, kinds.ContactPhone, kinds.ContactFax,
		kinds.ContactEmail, kinds.ContactURL, kinds.Age} {
		if _, err := testGenerators.Lookup(k); err != nil {
			t.Errorf("%s not registered: %v", k, err)
		}
	}
}

func TestErrors(t *testing.T) {
	sc := fictive.NewScope([]byte("e"))
	for _, c := range []struct {
		k  kinds.Kind
		in string
	}{{kinds.ID, "--"}, {kinds.ContactPhone, "  "}, {kinds.ContactEmail, "@"}, {kinds.NameUsername, "."}, {kinds.ContactURL, "/"}} {
		g, _ := testGenerators.Lookup(c.k)
		_, err := g(c.in, newCtx(c.k, c.in, sc, testRes))
		if err == nil {
			t.Errorf("%s %q: want error", c.k, c.in)
			continue
		}
		if c.in != " " && strings.Contains(err.Error(), c.in) && len(strings.TrimSpace(c.in)) > 1 {
			t.Errorf("error %q contains the original", err)
		}
	}
	if _, err := ID("A1", &fictive.Context{}); err == nil {
		t.Error("context without scope: want error")
	}
}

// TestConsistency checks that variants of one value share a surrogate in a
// scope and that distinct values never do.
func TestConsistency(t *testing.T) {
	sc := goldenScope()
	gen := func(k kinds.Kind, s string) string {
		t.Helper()
		g, _ := testGenerators.Lookup(k)
		v, err := g(s, newCtx(k, s, sc, testRes))
		if err != nil {
			t.Fatalf("%s %q: %v", k, s, err)
		}
		return v
	}
	digits := func(s string) string {
		return strings.Map(func(r rune) rune {
			if r >= '0' && r <= '9' {
				return r
			}
			return -1
		}, s)
	}
	a := gen(kinds.ContactPhone, "0341/97-109")
	b := gen(kinds.ContactPhone, "+49 341 97-109")
	c := gen(kinds.ContactFax, "0341 97109-0")
	if digits(a)[1:] != digits(b)[2:] || digits(c)[:len(digits(c))-1] != digits(a) {
		t.Errorf("phone variants disagree: %q %q %q", a, b, c)
	}
	i1 := gen(kinds.ID, "AB-12")
	i2 := gen(kinds.ID, "ab–12")
	if !strings.EqualFold(strings.ReplaceAll(i1, "-", ""), strings.ReplaceAll(strings.ReplaceAll(i2, "–", ""), "-", "")) ||
		!strings.Contains(i2, "–") || i2[:2] != strings.ToLower(i2[:2]) {
		t.Errorf("ID variants: %q %q", i1, i2)
	}
	if x, y := gen(kinds.ID, "DE89 3704 0044 0532 0130 00"), gen(kinds.ID, "DE89370400440532013000"); strings.ReplaceAll(x, " ", "") != y {
		t.Errorf("IBAN variants: %q %q", x, y)
	}
	// numbers of one town and one exchange stay related
	p1 := gen(kinds.ContactPhone, "0341 97-109")
	p2 := gen(kinds.ContactFax, "0341 97-10999")
	p3 := gen(kinds.ContactPhone, "0341 22 33 44")
	if p1[:8] != p2[:8] || p1[:5] != p3[:5] || p1[5:7] == "97" {
		t.Errorf("area/exchange not shared: %q %q %q", p1, p2, p3)
	}
	// e-mail host city and a later LOCATION_CITY agree through NSCity
	gen(kinds.ContactEmail, "info@uni-leipzig.de")
	if _, ok := sc.Peek(fictive.NSCity, "leipzig"); !ok {
		t.Error("city surrogate not recorded in NSCity")
	}
	// distinct originals, distinct surrogates
	seen := map[string]string{}
	for i := 0; i < 200; i++ {
		in := fmt.Sprintf("%d", 10+i%10) // only 10 distinct 2-digit IDs, each repeated
		v := gen(kinds.ID, in)
		if o, ok := seen[v]; ok && o != in {
			t.Fatalf("%q and %q share %q", o, in, v)
		}
		seen[v] = in
	}
}

// phoneShapeOK reports whether a phone surrogate keeps the written form:
// the same non-digit characters in the same order and every digit group
// of the same length, except one group (the area code's: the surrogate
// place's area code, "0341 97-109" → "03741 85-549") that may differ by
// up to three digits (area codes have 2 to 5).
func phoneShapeOK(in, out string) bool {
	strip := func(s string) (string, []int) {
		var b strings.Builder
		var groups []int
		run := 0
		for _, c := range shapeOf(s) + " " {
			if c == '9' {
				run++
				continue
			}
			if run > 0 {
				groups, run = append(groups, run), 0
			}
			b.WriteRune(c)
		}
		return b.String(), groups
	}
	a, ga := strip(in)
	b, gb := strip(out)
	if a != b || len(ga) != len(gb) {
		return false
	}
	// the group holding the area code: the one with the national
	// number's first digit
	areaGroup := -1
	if p, ok := parsePhone(in); ok && p.areaLen > 0 {
		n := 0
		for i, g := range ga {
			if n+g > len(p.prefix) {
				areaGroup = i
				break
			}
			n += g
		}
	}
	for i := range ga {
		if d := ga[i] - gb[i]; d != 0 && (i != areaGroup || d < -3 || d > 3) {
			return false
		}
	}
	return true
}

func TestPhoneShapeOK(t *testing.T) {
	for _, tc := range []struct {
		in, out string
		ok      bool
	}{
		{"0341 97-109", "03741 85-549", true},
		{"0341 97-109", "03741 74-99", false}, // the extension lost a digit
		{"9-324500", "8-9115515", false},
		{"0341 97-109", "0341 97-1099", false},
		{"0341 97-109", "0341/97-109", false},
		{"(0341) 123", "(0351) 456", true},
	} {
		if got := phoneShapeOK(tc.in, tc.out); got != tc.ok {
			t.Errorf("phoneShapeOK(%q, %q) = %v", tc.in, tc.out, got)
		}
	}
}

// TestEmailPlausibleWords (issue 12, "Fit"): words of an e-mail local part
// or host that spell nothing of the document become plausible words (first
// names and surnames of the resources), never pseudo-words such as
// "kra.isseudi"; the TLD is kept.
func TestEmailPlausibleWords(t *testing.T) {
	res := data.Default()
	known := map[string]bool{}
	for _, l := range [][]string{res.Surnames, res.FemaleFirst, res.MaleFirst} {
		for _, w := range l {
			known[compact(w, false)] = true
		}
	}
	for w := range generic {
		known[w] = true
	}
	for i, in := range []string{"kra.isseudi@praxis-sonnenschein.de", "qwertz@xyzabc.de", "Frau.Bluemchen@Heilhaus-Lindgruen.COM",
		"anmeldung.zweitmeinung@gesundheitsnetz-oberland.de", "info@klinikum.de"} {
		sc := fictive.NewScope([]byte(fmt.Sprint("plausible", i)))
		out, err := Email(in, newCtx(kinds.ContactEmail, in, sc, res))
		if err != nil {
			t.Fatal(err)
		}
		at := strings.LastIndexByte(out, '@')
		tld := out[strings.LastIndexByte(out, '.'):]
		if at < 0 || tld != strings.ToLower(in[strings.LastIndexByte(in, '.'):]) && tld != in[strings.LastIndexByte(in, '.'):] {
			t.Errorf("%q → %q: not an address with the TLD kept", in, out)
			continue
		}
		body := out[:len(out)-len(tld)]
		for _, w := range strings.FieldsFunc(body, func(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') }) {
			if len(w) >= 3 && !known[strings.ToLower(w)] {
				t.Errorf("%q → %q: %q is neither a surrogate, a generic nor a plausible word", in, out, w)
			}
		}
	}
}
