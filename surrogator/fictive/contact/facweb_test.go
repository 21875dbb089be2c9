package contact

import (
	"strconv"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// facDoc builds a letter head with facility spans (planned with the given
// surrogates) and one e-mail or URL span, and returns the context of that
// span.
func facDoc(seed int, k kinds.Kind, addr string, facs ...[2]string) *fictive.Context {
	var text strings.Builder
	var spans []document.Span
	for _, f := range facs {
		spans = append(spans, document.Span{Kind: kinds.LocationHospital, Begin: text.Len(), End: text.Len() + len(f[0]), Ref: -1})
		text.WriteString(f[0] + "\n")
	}
	text.WriteString("Kontakt: ")
	spans = append(spans, document.Span{Kind: k, Begin: text.Len(), End: text.Len() + len(addr), Ref: -1})
	text.WriteString(addr + "\n")
	d := &document.Document{Text: text.String(), Spans: spans}
	d.Normalize()
	st := &fictive.DocState{}
	for i, f := range facs {
		st.SetPlanned(i, f[1])
	}
	sc := fictive.NewScope([]byte("issue24-" + strconv.Itoa(seed)))
	return &fictive.Context{Kind: k, Doc: d, Span: len(facs), Scope: sc, DocScope: sc, State: st, Res: data.Default()}
}

// TestFacilityAddresses: an e-mail address or URL whose host label or
// local-part segment spells a facility of the letter is derived from that
// facility's surrogate (same transliteration and shape) and never spells
// the original's distinctive word; over 20 seeds.
func TestFacilityAddresses(t *testing.T) {
	cases := []struct {
		name       string
		kind       kinds.Kind
		addr, want string
		facs       [][2]string
		banned     []string
	}{
		{"university hospital host", kinds.ContactURL, "www.uniklinikum-leipzig.de", "www.uniklinikum-bonn.de",
			[][2]string{{"Universitätsklinikum Leipzig", "Universitätsklinikum Bonn"}}, []string{"leipzig"}},
		{"uni host in a subdomain", kinds.ContactEmail, "kardiologie.sekretariat@medizin.uni-leipzig.de", "kardiologie.sekretariat@medizin.uni-bonn.de",
			[][2]string{{"Universitätsklinikum Leipzig AöR", "Universitätsklinikum Bonn"}}, []string{"leipzig"}},
		{"practice by its square", kinds.ContactEmail, "befund@radiologie-westerntor.de", "befund@radiologie-marktplatz.de",
			[][2]string{{"Radiologie am Westerntor", "Radiologische Praxis am Marktplatz"}}, []string{"westerntor"}},
		{"saint's name joined", kinds.ContactEmail, "infektiologie@sanktgeorg.de", "infektiologie@klinikum-reichenbach.de",
			[][2]string{{"Klinikum St. Georg", "Katholisches Klinikum Reichenbach"}}, []string{"georg"}},
		{"acronym of a hyphenated name", kinds.ContactEmail, "tagesklinik@kjk.de", "tagesklinik@pkl.de",
			[][2]string{{"Karl-Jaspers-Klinik", "Psychiatrische Klinik Lüneburg"}}, []string{"kjk", "jaspers"}},
		{"acronym span in the local part", kinds.ContactEmail, "nct-ambulanz@klinik.de", "uccsh-ambulanz@klinik.de",
			[][2]string{{"NCT", "UCCSH"}}, []string{"nct"}},
		{"place joined in the host", kinds.ContactURL, "https://www.reha-zentrum-badlausick.de", "https://www.reha-zentrum-zeithain.de",
			[][2]string{{"Reha-Zentrum Bad Lausick", "Reha-Zentrum Zeithain"}}, []string{"lausick"}},
		{"laboratory of a doctor", kinds.ContactEmail, "info@labor-konstantinos.de", "info@labor-albrecht.de",
			[][2]string{{"MVZ Labor Dr. Konstantinos", "MVZ Labor Dr. Albrecht"}}, []string{"konstantinos"}},
		{"name before the type word", kinds.ContactEmail, "innere@westpfalz-klinikum.de", "innere@sinzig-klinikum.de",
			[][2]string{{"Westpfalz-Klinikum", "Klinikum Sinzig"}}, []string{"westpfalz"}},
		{"type word kept, compound head", kinds.ContactEmail, "pflegeueberleitung@klinikum-dessau.de", "pflegeueberleitung@klinikum-halberstadt.de",
			[][2]string{{"Städtisches Klinikum Dessau", "Städtisches Kreisklinikum Halberstadt"}}, []string{"dessau"}},
		{"prefix of a compound", kinds.ContactEmail, "palliativ@diako-dresden.de", "palliativ@krankenhaus-freiberg.de",
			[][2]string{{"Palliativnetz Elbtal", "Sozialstation Freiberg"}, {"Diakonissenkrankenhaus Dresden", "Evangelisches Krankenhaus Freiberg"}}, []string{"diako", "dresden"}},
		{"local segment: distinctive words only", kinds.ContactEmail, "kardiologie.stift@klinik.de", "kardiologie.oppeln@klinik.de",
			[][2]string{{"Stift", "Städtisches Klinikum Oppeln"}}, []string{"stift"}},
		{"the best of several facilities", kinds.ContactEmail, "tumorkonferenz@sozialstiftung-bamberg.de", "tumorkonferenz@tumorzentrum-regensburg.de",
			[][2]string{{"Klinikum Bamberg", "Klinikum Garmisch"}, {"Onkologisches Zentrum der Sozialstiftung Bamberg", "Tumorzentrum Regensburg"}}, []string{"bamberg", "sozialstiftung"}},
		{"hospital group's domain, surrogate outside the group", kinds.ContactEmail, "info@helios-gesundheit.de", "info@kreiskrankenhaus-schmalkalden.de",
			[][2]string{{"Helios Kreiskrankenhaus Gotha", "Kreiskrankenhaus Schmalkalden"}}, []string{"helios", "gotha"}},
		{"surrogate without a name: its acronym", kinds.ContactURL, "www.md-bayern.de", "www.md.de",
			[][2]string{{"Medizinischer Dienst Bayern", "Medizinischer Dienst"}}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for seed := 1; seed <= 20; seed++ {
				ctx := facDoc(seed, c.kind, c.addr, c.facs...)
				g, _ := testGenerators.Lookup(c.kind)
				got, err := g(c.addr, ctx)
				if err != nil {
					t.Fatal(err)
				}
				if got != c.want {
					t.Fatalf("seed %d: %q → %q, want %q", seed, c.addr, got, c.want)
				}
				for _, b := range c.banned {
					if strings.Contains(strings.ToLower(got), b) {
						t.Fatalf("seed %d: %q → %q spells %q", seed, c.addr, got, b)
					}
				}
			}
		})
	}
}

// TestFacilityAddressesUnrelated: an address that spells no facility of
// the letter is drawn as before (the facilities change nothing), and a
// bare town host follows the town, not a facility there.
func TestFacilityAddressesUnrelated(t *testing.T) {
	for seed := 1; seed <= 20; seed++ {
		for _, addr := range []string{"info@praxis-mueller.de", "tobi.albers@web.de", "www.fulda.de", "service@stadt-fulda.de"} {
			with := facDoc(seed, kinds.ContactEmail, addr, [2]string{"Herz-Jesu-Krankenhaus Fulda", "Klinikum Kassel"})
			without := facDoc(seed, kinds.ContactEmail, addr)
			a, err := Email(addr, with)
			if err != nil {
				t.Fatal(err)
			}
			b, err := Email(addr, without)
			if err != nil {
				t.Fatal(err)
			}
			if a != b {
				t.Fatalf("seed %d: %q → %q with an unrelated facility, %q without", seed, addr, a, b)
			}
		}
	}
}

// TestFacilityWords: the classes of facility name words.
func TestFacilityWords(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Universitätsklinikum Leipzig AöR", "universitaetsklinikum:g leipzig:d aoer:s"},
		{"Katholisches Klinikum St. Georg", "katholisches:j klinikum:g st:d georg:d"},
		{"MVZ Labor Dr. Konstantinos", "mvz:G labor:g dr:s konstantinos:d"},
		{"Nationales Centrum für Tumorerkrankungen (NCT)", "nationales:j centrum:g fuer:s tumorerkrankungen:d nct:D"},
		{"Kreisklinikum Halberstadt", "kreisklinikum:h halberstadt:d"},
	} {
		var got []string
		for _, w := range facWords(c.in) {
			cl := string(w.class)
			if w.upper {
				cl = strings.ToUpper(cl)
			}
			got = append(got, w.w+":"+cl)
		}
		if g := strings.Join(got, " "); g != c.want {
			t.Errorf("%q: %s, want %s", c.in, g, c.want)
		}
	}
}

// TestCompoundUserNames: a user name joining the beginnings of a person's
// surname and first name follows the person's surrogate; over 20 seeds.
func TestCompoundUserNames(t *testing.T) {
	for _, c := range []struct{ name, sub, mark, want string }{
		{"Chr. Wienold", "Jos. Fendt", "wienoch", "fendtjo"},
		{"Christian Wienold", "Jonas Fendt", "chwienol", "jofendt"},
		{"Hanna Brückner", "Susanne Herdt", "BrueHa", "HerdSu"},
	} {
		for seed := 1; seed <= 20; seed++ {
			text := "Dr. " + c.name + "\nDiktat: " + c.mark + "\n"
			d := &document.Document{Text: text, Spans: []document.Span{
				{Kind: kinds.NameDoctor, Begin: 4, End: 4 + len(c.name), Ref: -1},
				{Kind: kinds.NameUsername, Begin: len(text) - 1 - len(c.mark), End: len(text) - 1, Ref: -1},
			}}
			d.Normalize()
			st := &fictive.DocState{}
			st.SetPlanned(0, c.sub)
			sc := fictive.NewScope([]byte("issue24-mark-" + strconv.Itoa(seed)))
			ow, sw := strings.Fields(c.name), strings.Fields(c.sub)
			sc.Set(fictive.NSSurname, strings.ToLower(ow[1]), sw[1])
			ctx := &fictive.Context{Kind: kinds.NameUsername, Doc: d, Span: 1, Scope: sc, DocScope: sc, State: st, Res: data.Default()}
			got, err := Username(c.mark, ctx)
			if err != nil {
				t.Fatal(err)
			}
			if got != c.want {
				t.Fatalf("seed %d: %q of %q → %q, want %q (%q)", seed, c.mark, c.name, got, c.want, c.sub)
			}
		}
	}
}

// TestAcronymTokens: a short letter token without a vowel in an address
// ("sbb", "hdf", "vvph") is an acronym: it becomes letters, not a word;
// over 20 seeds.
func TestAcronymTokens(t *testing.T) {
	for _, in := range []string{"sbb-team@verein.de", "sozialdienst.hdf@kliniken.de", "info@vvph.de"} {
		var tok string
		for _, w := range strings.FieldsFunc(in, func(r rune) bool { return r < 'a' || r > 'z' }) {
			if len(w) <= 4 && !strings.ContainsAny(w, "aeiouy") {
				tok = w
			}
		}
		for seed := 1; seed <= 20; seed++ {
			out := run(t, kinds.ContactEmail, in, "acr-"+strconv.Itoa(seed), data.Default())
			var got []string
			for _, w := range strings.FieldsFunc(out, func(r rune) bool { return r < 'a' || r > 'z' }) {
				got = append(got, w)
			}
			found := false
			for _, w := range got {
				if len(w) == len(tok) && w != tok && !generic[w] {
					found = true
				}
				if w == tok {
					t.Fatalf("seed %d: %q → %q keeps %q", seed, in, out, tok)
				}
			}
			if !found {
				t.Fatalf("seed %d: %q → %q: no %d letters for %q", seed, in, out, len(tok), tok)
			}
		}
	}
}

// TestNicknames: a short form of a first name next to a spelled surname
// follows the person's surrogate ("tobi.albers" of Tobias Albers →
// "andi.elbers" of Andreas Elbers); over 20 seeds.
func TestNicknames(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"tobi.albers@web.de", "andi.elbers@web.de"},
		{"tob.albers@web.de", "and.elbers@web.de"},
		{"info.albers@web.de", "info.elbers@web.de"},
	} {
		for seed := 1; seed <= 20; seed++ {
			sc := fictive.NewScope([]byte("nick-" + strconv.Itoa(seed)))
			sc.Set(fictive.NSFirstName, "male|tobias", "Andreas")
			sc.Set(fictive.NSSurname, "albers", "Elbers")
			got, err := Email(c.in, newCtx(kinds.ContactEmail, c.in, sc, data.Default()))
			if err != nil {
				t.Fatal(err)
			}
			if got != c.want {
				t.Fatalf("seed %d: %q → %q, want %q", seed, c.in, got, c.want)
			}
		}
	}
}
