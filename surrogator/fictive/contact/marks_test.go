package contact

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/fictive/names"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// markDoc is a letter whose persons the name generators surrogated as the
// scope records ("Andreas Schulze" → "Bernd Kramer", "Richter" →
// "Kornmeier", "Lena Schneider" → "Anna Koch"), with user names and
// dictation marks built from them.
func markDoc(t *testing.T, seed int, marks ...string) (*document.Document, *fictive.Scope) {
	t.Helper()
	text := "Dr. Andreas Schulze, OA Richter, Patientin Lena Schneider. Dr. Georg-Friedrich Oelschlägel, K.-H. Stadlbauer. "
	spans := []document.Span{
		{Kind: kinds.NameDoctor, Begin: 4, End: 19, Ref: -1},
		{Kind: kinds.NameDoctor, Begin: 24, End: 31, Ref: -1},
		{Kind: kinds.NamePatient, Begin: 43, End: 57, Ref: -1},
	}
	for _, n := range []string{"Georg-Friedrich Oelschlägel", "K.-H. Stadlbauer"} {
		b := strings.Index(text, n)
		spans = append(spans, document.Span{Kind: kinds.NameDoctor, Begin: b, End: b + len(n), Ref: -1})
	}
	for _, m := range marks {
		spans = append(spans, document.Span{Kind: kinds.NameUsername, Begin: len(text), End: len(text) + len(m), Ref: -1})
		text += m + " "
	}
	d := &document.Document{Text: text, Spans: spans}
	d.Normalize()
	sc := fictive.NewScope([]byte("issue25-" + strconv.Itoa(seed)))
	sc.Set(fictive.NSFirstName, "male|andreas", "Bernd")
	sc.Set(fictive.NSSurname, "schulze", "Kramer")
	sc.Set(fictive.NSSurname, "richter", "Kornmeier")
	sc.Set(fictive.NSFirstName, "female|lena", "Anna")
	sc.Set(fictive.NSSurname, "schneider", "Koch")
	sc.Set(fictive.NSFirstName, "male|georg-friedrich", "Jan-Ole")
	sc.Set(fictive.NSSurname, "oelschlägel", "Ilg")
	sc.Set(fictive.NSSurname, "stadlbauer", "Weber")
	sc.Set(nsAbbrev, "male|compound|KH", "HP|Hans-Peter")
	return d, sc
}

// TestDictationMarks: a dictation mark or user name built from the
// initials or name of a person of the letter follows that person's
// surrogate; the rest keeps its pattern (case, digits, separators); over
// 20 seeds.
func TestDictationMarks(t *testing.T) {
	cases := []struct {
		in   string
		want *regexp.Regexp
	}{
		{"AS/kl", regexp.MustCompile(`^BK/[a-z]{2}\d?$`)},
		{"as/KL", regexp.MustCompile(`^bk/[A-Z]{2}\d?$`)},
		{"Ri/kl", regexp.MustCompile(`^Ko/[a-z]{2}\d?$`)},
		{"lschneider08", regexp.MustCompile(`^akoch\d{2,3}$`)},
		{"LS-03", regexp.MustCompile(`^AK-\d{2,3}$`)},
		{"GFO/ah", regexp.MustCompile(`^JOI/[a-z]{2}\d?$`)},
		{"KHS/ob", regexp.MustCompile(`^HPW/[a-z]{2}\d?$`)},
	}
	for seed := range 20 {
		for _, c := range cases {
			d, sc := markDoc(t, seed, c.in)
			i := len(d.Spans) - 1
			ctx := &fictive.Context{Kind: kinds.NameUsername, Doc: d, Span: i, Scope: sc, DocScope: sc,
				State: &fictive.DocState{}, Res: testRes}
			got, err := Username(d.SpanText(i), ctx)
			if err != nil {
				t.Fatal(err)
			}
			if !c.want.MatchString(got) {
				t.Errorf("seed %d: %q → %q, want %v", seed, c.in, got, c.want)
			}
			if i := strings.IndexByte(got, '/'); i >= 0 && strings.ContainsAny(strings.ToLower(got[i:]), "qxy") {
				t.Errorf("seed %d: %q → %q: the typist's initials use a rare letter", seed, c.in, got)
			}
		}
	}
}

// TestNotNameWords: words that are not names stay in e-mail local
// parts and URLs; only name parts change.
func TestNotNameWords(t *testing.T) {
	for seed := range 20 {
		sc := fictive.NewScope([]byte("issue25-" + strconv.Itoa(seed)))
		sc.Set(fictive.NSSurname, "müller", "Schröder")
		for _, c := range []struct {
			kind     kinds.Kind
			in, keep string
		}{
			{kinds.ContactEmail, "kontakt-per-mail@uniklinik-musterhausen.de", "kontakt-per-mail@uniklinik-"},
			{kinds.ContactEmail, "praxis-team@mueller-praxis.de", "praxis-team@"},
			{kinds.ContactEmail, "service.office@mueller-klinik.de", "service.office@"},
			{kinds.ContactEmail, "sekretariat-verwaltung@klinik-mueller.de", "sekretariat-verwaltung@klinik-"},
			{kinds.ContactEmail, "info-station@praxis-mueller.de", "info-station@praxis-"},
			{kinds.ContactURL, "https://www.praxis-mueller.de/kontakt/team", "/kontakt/team"},
			{kinds.ContactEmail, "infektiologie.mueller@sanktgeorg.de", "infektiologie."},
			{kinds.ContactEmail, "kinderchirurgie-sekretariat@mueller-klinik.de", "kinderchirurgie-sekretariat@"},
		} {
			g, err := testGenerators.Lookup(c.kind)
			if err != nil {
				t.Fatal(err)
			}
			got, err := g(c.in, newCtx(c.kind, c.in, sc, testRes))
			if err != nil {
				t.Fatal(err)
			}
			spelled := false
			for _, tok := range strings.FieldsFunc(got, func(r rune) bool { return strings.ContainsRune(".-@/:", r) }) {
				spelled = spelled || tok == "mueller"
			}
			if !strings.Contains(got, c.keep) || spelled || got == c.in {
				t.Errorf("seed %d: %q → %q, want %q kept and the name replaced", seed, c.in, got, c.keep)
			}
		}
	}
}

// TestNSAbbrevMatchesNames: the namespace read for compound initials is the
// one the names generators write.
func TestNSAbbrevMatchesNames(t *testing.T) {
	if nsAbbrev != names.NSAbbrev {
		t.Fatalf("nsAbbrev %q, names.NSAbbrev %q", nsAbbrev, names.NSAbbrev)
	}
}
