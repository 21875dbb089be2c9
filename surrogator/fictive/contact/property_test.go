package contact

import (
	"fmt"
	"math/big"
	"math/rand"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

var (
	bicRE = regexp.MustCompile(`^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$`)
	// RFC 5322 "lite": dot-atom local part, LDH labels, alphabetic TLD.
	emailRE = regexp.MustCompile(`^(?i:mailto:)?[A-Za-z0-9!#$%&'*+/=?^_{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_{|}~-]+)*@([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$`)
)

// bigMod97 is a reference mod-97 over the IBAN's numeric form (math/big,
// independent of ibanMod97).
func bigMod97(iban string) int64 {
	re := iban[4:] + iban[:4]
	var digits strings.Builder
	for _, c := range re {
		if c >= 'A' && c <= 'Z' {
			digits.WriteString(strconv.Itoa(int(c-'A') + 10))
		} else {
			digits.WriteRune(c)
		}
	}
	n, ok := new(big.Int).SetString(digits.String(), 10)
	if !ok {
		return -1
	}
	return new(big.Int).Mod(n, big.NewInt(97)).Int64()
}

// noCities is a gazetteer without municipalities: random tokens never hit
// a city, so shapes are fully predictable.
var noCities = &data.Resources{}

func run(t *testing.T, k kinds.Kind, in string, key string, res *data.Resources) string {
	t.Helper()
	g, err := testGenerators.Lookup(k)
	if err != nil {
		t.Fatal(err)
	}
	v, err := g(in, newCtx(k, in, fictive.NewScope([]byte(key)), res))
	if err != nil {
		t.Fatalf("%s %q: %v", k, in, err)
	}
	return v
}

func TestPropertyIBAN(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 500; i++ {
		c := newGermanIBAN(r)
		if i%7 == 0 { // wrong check digits in the original
			c = c[:2] + "00" + c[4:]
		}
		in := c
		if i%2 == 0 {
			in = groups4(c)
		}
		if i%5 == 0 {
			in = strings.ToLower(in)
		}
		out := run(t, kinds.ID, in, strconv.Itoa(i), noCities)
		oc := compactIBAN(out)
		switch {
		case out == in:
			t.Fatalf("%q unchanged", in)
		case len(oc) != 22 || oc[:2] != "DE" || !isDigits(oc[2:]):
			t.Fatalf("%q → %q: not a German IBAN", in, out)
		case bigMod97(oc) != 1 || !ValidIBAN(oc):
			t.Fatalf("%q → %q: fails mod 97", in, out)
		case oc[4] < '1' || oc[4] > '8':
			t.Fatalf("%q → %q: implausible BLZ", in, out)
		case shapeOf(out) != shapeOf(in):
			t.Fatalf("%q → %q: spacing/case not kept", in, out)
		}
	}
}

func groups4(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i += 4 {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(s[i:min(i+4, len(s))])
	}
	return b.String()
}

func TestIBANReference(t *testing.T) {
	for _, s := range []string{"DE89370400440532013000", "GB82WEST12345698765432", "AT611904300234573201", "CH9300762011623852957"} {
		if !ValidIBAN(s) || bigMod97(s) != 1 || ibanMod97(s) != 1 {
			t.Errorf("%s should be valid", s)
		}
	}
	for _, s := range []string{"DE89370400440532013001", "DE8937040044053201300", "XX", "DE89 3704"} {
		if ValidIBAN(s) {
			t.Errorf("%s should be invalid", s)
		}
	}
}

func TestPropertyBIC(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	countries := []string{"DE", "AT", "CH", "FR", "NL"}
	for i := 0; i < 300; i++ {
		in := randomLike("AAAA", r) + countries[r.Intn(len(countries))] + randomLike([]string{"AA", "A9", "9A", "99"}[r.Intn(4)], r)
		switch r.Intn(3) {
		case 0:
			in += "XXX"
		case 1:
			in += randomLike([]string{"999", "A9A", "AAA"}[r.Intn(3)], r)
		}
		if !isBIC(in) {
			t.Fatalf("test BIC %q not recognised", in)
		}
		out := run(t, kinds.ID, in, strconv.Itoa(i), noCities)
		// a location code ending in 1 (a passive participant) only as a
		// real German bank's
		if !bicRE.MatchString(out) || len(out) != len(in) || out[4:6] != in[4:6] || out == in || out[7] == '0' || out[7] == '1' && !isGermanBankCode(out) {
			t.Fatalf("%q → %q: not a well-formed BIC of the same country and length", in, out)
		}
		if strings.HasSuffix(in, "XXX") != strings.HasSuffix(out, "XXX") {
			t.Fatalf("%q → %q: branch XXX not kept", in, out)
		}
	}
}

// randomShape draws a string from an alphabet of letters, digits and
// separators with at least one letter or digit.
func randomShape(r *rand.Rand, alphabet string, n int) string {
	for {
		b := make([]byte, n)
		for i := range b {
			b[i] = alphabet[r.Intn(len(alphabet))]
		}
		s := strings.TrimSpace(string(b))
		if strings.IndexFunc(s, func(c rune) bool { return class(c) != c }) >= 0 {
			return s
		}
	}
}

func TestPropertyIDShape(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	for i := 0; i < 1000; i++ {
		in := randomShape(r, "ABCXYZabcxyz0123456789-/ ._:", 1+r.Intn(14))
		if ibanWritten(in) || isBIC(in) {
			continue
		}
		out := run(t, kinds.ID, in, strconv.Itoa(i), noCities)
		if shapeOf(out) != shapeOf(in) {
			t.Fatalf("%q → %q: shape %s vs %s", in, out, shapeOf(in), shapeOf(out))
		}
		if strings.EqualFold(out, in) {
			t.Fatalf("%q → %q: unchanged", in, out)
		}
	}
}

var phoneTemplates = []string{
	"0### ######", "(0###) ### - ###", "+49 ### ##-###", "0###/##-###", "+49 (0)### ####", "017# #######",
	"0### #####-0", "0###-########", "#####", "0049 ## ########", "+43 # #####", "Tel. 0#### ####",
	"0## / ### ## ##", "+49##########", "0##########", "015## #######", "+41 ## ### ## ##",
}

func TestPropertyPhoneShape(t *testing.T) {
	r := rand.New(rand.NewSource(4))
	for i := 0; i < 1000; i++ {
		tpl := phoneTemplates[i%len(phoneTemplates)]
		var b strings.Builder
		for _, c := range tpl {
			if c == '#' {
				b.WriteByte(byte('0' + r.Intn(10)))
			} else {
				b.WriteRune(c)
			}
		}
		in := b.String()
		k := kinds.ContactPhone
		if i%3 == 0 {
			k = kinds.ContactFax
		}
		out := run(t, k, in, strconv.Itoa(i), noCities)
		if shapeOf(out) != shapeOf(in) {
			t.Fatalf("%q → %q: shape not kept", in, out)
		}
		if out == in {
			t.Fatalf("%q unchanged", in)
		}
		p, _ := parsePhone(in)
		q, _ := parsePhone(out)
		if p.prefix != q.prefix || p.country != q.country || p.tail != q.tail {
			t.Fatalf("%q → %q: country/trunk/extension not kept", in, out)
		}
		oddMobile := isMobile(p.national) && len(mobilePrefixes[p.areaLen]) == 0
		if p.country == "49" && p.areaLen >= 2 && p.areaLen <= 5 && !isService(p.national) && !oddMobile {
			area := q.national[:p.areaLen]
			known := false
			for _, a := range append(areaCodes[p.areaLen], mobilePrefixes[p.areaLen]...) {
				known = known || a == area
			}
			if !known {
				t.Fatalf("%q → %q: area %s not a real code", in, out, area)
			}
			if isMobile(p.national) != isMobile(q.national) {
				t.Fatalf("%q → %q: mobile/landline changed", in, out)
			}
		}
	}
}

func TestPropertyUsernameShape(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	for i := 0; i < 1000; i++ {
		in := randomShape(r, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-", 2+r.Intn(12))
		out := run(t, kinds.NameUsername, in, strconv.Itoa(i), noCities)
		if shapeOf(out) != shapeOf(in) {
			t.Fatalf("%q → %q: shape not kept", in, out)
		}
		if strings.EqualFold(out, in) {
			t.Fatalf("%q unchanged", in)
		}
	}
}

func randomEmail(r *rand.Rand) string {
	words := []string{"max", "mueller", "info", "kontakt", "a", "dr", "anna-lena", "sekretariat", "onko", "x1", "MB", "IN", "123"}
	seps := []string{".", "-", "_"}
	var b strings.Builder
	if r.Intn(6) == 0 {
		b.WriteString("mailto:")
	}
	n := 1 + r.Intn(3)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(seps[r.Intn(3)])
		}
		b.WriteString(words[r.Intn(len(words))])
	}
	b.WriteByte('@')
	labels := []string{"med", "uni-leipzig", "klinikum", "praxis-dr-weber", "lists", "mail", "helios-kliniken", "x"}
	for i := 0; i < 1+r.Intn(3); i++ {
		b.WriteString(labels[r.Intn(len(labels))] + ".")
	}
	b.WriteString([]string{"de", "com", "org", "net", "eu", "info"}[r.Intn(6)])
	return b.String()
}

func TestPropertyEmail(t *testing.T) {
	r := rand.New(rand.NewSource(6))
	for i := 0; i < 1000; i++ {
		in := randomEmail(r)
		if !emailRE.MatchString(in) {
			t.Fatalf("test address %q invalid", in)
		}
		out := run(t, kinds.ContactEmail, in, strconv.Itoa(i), data.Default())
		if !emailRE.MatchString(out) {
			t.Fatalf("%q → %q: invalid address", in, out)
		}
		if strings.EqualFold(out, in) {
			t.Fatalf("%q unchanged", in)
		}
		ih, oh := in[strings.LastIndexByte(in, '@'):], out[strings.LastIndexByte(out, '@'):]
		if strings.Count(ih, ".") != strings.Count(oh, ".") || ih[strings.LastIndexByte(ih, '.'):] != oh[strings.LastIndexByte(oh, '.'):] {
			t.Fatalf("%q → %q: host structure or TLD changed", in, out)
		}
		if strings.HasPrefix(in, "mailto:") != strings.HasPrefix(out, "mailto:") {
			t.Fatalf("%q → %q: mailto not kept", in, out)
		}
	}
}

func randomURL(r *rand.Rand) string {
	var b strings.Builder
	scheme := []string{"https://", "http://", ""}[r.Intn(3)]
	b.WriteString(scheme)
	if r.Intn(2) == 0 {
		b.WriteString("www.")
	}
	b.WriteString([]string{"uniklinikum-leipzig", "praxis-weber", "klinik", "helios"}[r.Intn(4)])
	b.WriteString([]string{".de", ".com", ".org"}[r.Intn(3)])
	for i := 0; i < r.Intn(4); i++ {
		b.WriteString("/" + []string{"Seiten", "kontakt", "team", "2023", "UKL", "lageplan-neu"}[r.Intn(6)])
	}
	if r.Intn(2) == 0 {
		b.WriteString("/" + []string{"index.html", "plan.jpg", "Befund_12.pdf"}[r.Intn(3)])
	}
	if r.Intn(2) == 0 {
		b.WriteString("?id=" + strconv.Itoa(r.Intn(100000)) + "&lang=de")
	}
	return b.String()
}

func TestPropertyURL(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	for i := 0; i < 1000; i++ {
		in := randomURL(r)
		out := run(t, kinds.ContactURL, in, strconv.Itoa(i), data.Default())
		if strings.EqualFold(out, in) {
			t.Fatalf("%q unchanged", in)
		}
		iu, err1 := url.Parse(in)
		ou, err2 := url.Parse(out)
		if err1 != nil || err2 != nil {
			t.Fatalf("%q → %q: parse: %v %v", in, out, err1, err2)
		}
		if iu.Scheme != ou.Scheme || strings.Count(iu.Path, "/") != strings.Count(ou.Path, "/") ||
			strings.HasPrefix(in, "www.") != strings.HasPrefix(out, "www.") ||
			strings.Contains(in, "://www.") != strings.Contains(out, "://www.") {
			t.Fatalf("%q → %q: structure changed", in, out)
		}
		for k := range iu.Query() {
			if !ou.Query().Has(k) {
				t.Fatalf("%q → %q: query key %s lost", in, out, k)
			}
		}
		if iu.Host != "" {
			if tld := iu.Host[strings.LastIndexByte(iu.Host, '.'):]; !strings.HasSuffix(ou.Host, tld) {
				t.Fatalf("%q → %q: TLD changed", in, out)
			}
		}
		for _, ext := range []string{".html", ".jpg", ".pdf"} {
			if strings.Contains(in, ext) != strings.Contains(out, ext) {
				t.Fatalf("%q → %q: extension changed", in, out)
			}
		}
	}
}

// TestDeterminism: the same scope key gives the same surrogates, other
// keys (almost always) other ones.
func TestDeterminism(t *testing.T) {
	inputs := []struct {
		k  kinds.Kind
		in string
	}{
		{kinds.ID, "A-202344102"}, {kinds.ID, "DE89 3704 0044 0532 0130 00"}, {kinds.ID, "COBADEFFXXX"},
		{kinds.ContactPhone, "(0461) 708 - 223"}, {kinds.ContactEmail, "max.mueller@medizin.uni-leipzig.de"},
		{kinds.ContactURL, "https://www.klinik-musterhausen.de/kontakt"}, {kinds.NameUsername, "mmustermann"},
	}
	for _, c := range inputs {
		a := run(t, c.k, c.in, "same", data.Default())
		b := run(t, c.k, c.in, "same", data.Default())
		if a != b {
			t.Errorf("%s %q: %q vs %q with the same key", c.k, c.in, a, b)
		}
		differ := 0
		for i := 0; i < 10; i++ {
			if run(t, c.k, c.in, fmt.Sprint("other", i), data.Default()) != a {
				differ++
			}
		}
		if differ < 8 {
			t.Errorf("%s %q: only %d of 10 other keys give another surrogate", c.k, c.in, differ)
		}
	}
}

func TestPseudoWord(t *testing.T) {
	r := rand.New(rand.NewSource(8))
	vowels := regexp.MustCompile(`[aeiou]`)
	for n := 1; n <= 30; n++ {
		for i := 0; i < 50; i++ {
			w := pseudoWord(n, r)
			if len(w) != n || strings.ToLower(w) != w {
				t.Fatalf("pseudoWord(%d) = %q", n, w)
			}
			if n >= 3 && !vowels.MatchString(w) {
				t.Fatalf("pseudoWord(%d) = %q has no vowel", n, w)
			}
		}
	}
}

func TestTranslitAndStyle(t *testing.T) {
	for _, c := range []struct{ tok, s, want string }{
		{"mueller", "Schröder", "schröder"}, {"MUELLER", "schroeder", "SCHROEDER"}, {"Mueller", "schroeder", "Schroeder"},
		{"mUeller", "schroed", "sChroed"},
	} {
		if got := applyStyle(c.tok, c.s); got != c.want {
			t.Errorf("applyStyle(%q,%q) = %q, want %q", c.tok, c.s, got, c.want)
		}
	}
	if got := slug("Weiß-Bauer von Ärzte", "-"); got != "weiss-bauer-von-aerzte" {
		t.Errorf("slug = %q", got)
	}
	if got := compact("Müller", true); got != "muller" {
		t.Errorf("compact plain = %q", got)
	}
}
