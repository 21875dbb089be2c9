package contact

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// idDoc builds a letter with planned town and facility spans and one ID
// span, and returns the ID's context.
func idDoc(seed int, id string, spans ...[3]string) *fictive.Context {
	var text strings.Builder
	var ss []document.Span
	for _, s := range spans {
		ss = append(ss, document.Span{Kind: kinds.Kind(s[0]), Begin: text.Len(), End: text.Len() + len(s[1]), Ref: -1})
		text.WriteString(s[1] + "\n")
	}
	text.WriteString("Register-Nr. ")
	ss = append(ss, document.Span{Kind: kinds.ID, Begin: text.Len(), End: text.Len() + len(id), Ref: -1})
	text.WriteString(id + "\n")
	d := &document.Document{Text: text.String(), Spans: ss}
	d.Normalize()
	st := &fictive.DocState{}
	for i, s := range spans {
		st.SetPlanned(i, s[2])
	}
	sc := fictive.NewScope([]byte("issue24-id-" + strconv.Itoa(seed)))
	return &fictive.Context{Kind: kinds.ID, Doc: d, Span: len(spans), Scope: sc, DocScope: sc, State: st, Res: data.Default()}
}

// TestIDPlacePrefix: an ID whose letter prefix is the registration code of
// a town of the letter (its own or its district's) or an acronym of a
// facility of the letter gets the code or acronym of the surrogate (or a
// code of the surrogate's state that no original town of the letter has),
// never the original; other prefixes are drawn as before; over 20 seeds.
func TestIDPlacePrefix(t *testing.T) {
	city, hosp := string(kinds.LocationCity), string(kinds.LocationHospital)
	cases := []struct {
		name, id string
		spans    [][3]string
		// want: the surrogate's prefix; "" with neutral: any code of the
		// state, never one of banned
		want    string
		neutral []string
		banned  []string
	}{
		{"town code", "BA-2023-0457", [][3]string{{city, "Bamberg", "Garmisch-Partenkirchen"}}, "GAP-", nil, []string{"BA-"}},
		{"city-state", "HH-12345", [][3]string{{city, "Hamburg", "Bremen"}}, "HB-", nil, []string{"HH-"}},
		{"acronym span", "UKL-2024-117", [][3]string{{hosp, "UKL", "UKB"}}, "UKB-", nil, []string{"UKL-"}},
		{"acronym of the name", "UKL-2024-117", [][3]string{{hosp, "Universitätsklinikum Leipzig", "Universitätsklinikum Bonn"}}, "UKB-", nil, []string{"UKL-"}},
		{"acronym of hyphenated words", "JS-OP-24-5512", [][3]string{{hosp, "Diakonie Klinikum Jung-Stilling", "Klinikum Bonn-Süd"}}, "KBS-", nil, []string{"JS-"}},
		{"town inside a facility, second group", "KL-DD-25-0312", [][3]string{{hosp, "Institut für Virologie der TU Dresden", "Institut für Virologie der Universität Hamburg"}}, "", nil, []string{"-DD-"}},
		{"district code, surrogate in the same district", "MEI-0815", [][3]string{{city, "Radebeul", "Zeithain"}},
			"", []string{"AE", "BZ", "C", "DD", "DL", "EB", "ERZ", "FG", "GC", "GR", "HO", "L", "MTL", "PIR", "TDO", "V", "Z", "ZI"}, []string{"MEI-", "RIE-", "GRH-"}},
		{"unlinked register kept", "OP-24-0733", [][3]string{{city, "Bamberg", "Garmisch-Partenkirchen"}}, "OP-", nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			seen := map[string]bool{}
			for seed := 1; seed <= 20; seed++ {
				got, err := ID(c.id, idDoc(seed, c.id, c.spans...))
				if err != nil {
					t.Fatal(err)
				}
				if seed == 1 {
					t.Logf("%q → %q", c.id, got)
				}
				if got == c.id {
					t.Fatalf("seed %d: %q unchanged", seed, c.id)
				}
				if c.want != "" && !strings.HasPrefix(got, c.want) {
					t.Fatalf("seed %d: %q → %q, want the prefix %q", seed, c.id, got, c.want)
				}
				for _, b := range c.banned {
					if strings.Contains(got, b) {
						t.Fatalf("seed %d: %q → %q keeps %q", seed, c.id, got, b)
					}
				}
				if c.neutral != nil {
					p, _, _ := strings.Cut(got, "-")
					seen[p] = true
					if len(p) != 3 {
						t.Fatalf("seed %d: %q → %q: prefix not of the original's length", seed, c.id, got)
					}
				}
				if c.name == "town inside a facility, second group" && !strings.HasPrefix(got[3:], "HH-") {
					t.Fatalf("seed %d: %q → %q, want HH as the second group", seed, c.id, got)
				}
			}
			if c.neutral != nil && len(seen) < 2 {
				t.Fatalf("neutral prefixes %v: not drawn", seen)
			}
		})
	}
}

// TestKfzTable: the embedded registration codes by town and district.
func TestKfzTable(t *testing.T) {
	tab := kfzOf(data.Default())
	for _, c := range []struct{ place, code string }{
		{"Bamberg", "BA"}, {"Garmisch-Partenkirchen", "GAP"}, {"Hamburg", "HH"}, {"Berlin", "B"}, {"München", "M"},
		{"Meißen", "MEI"}, {"Rendsburg", "RD"}, {"Frankfurt am Main", "F"}, {"Halle (Saale)", "HAL"},
	} {
		cs := tab.codesOf(c.place, nil)
		found := false
		for _, x := range cs {
			found = found || x == c.code
		}
		if !found {
			t.Errorf("%s: codes %v, want %s", c.place, cs, c.code)
		}
	}
	if n := len(tab.byState["Bayern"]); n < 50 {
		t.Errorf("Bayern has %d codes", n)
	}
}

// TestIBANRegionKept: a German IBAN's surrogate keeps the clearing area
// (region) and bank group of its Bankleitzahl, never the account; over
// 200 seeds.
func TestIBANRegionKept(t *testing.T) {
	for _, in := range []string{"DE60 8605 5592 1234 5678 90", "DE89370400440532013000", "DE12 7016 0000 0123 4567 89"} {
		c := compactIBAN(in)
		for seed := 0; seed < 200; seed++ {
			out := compactIBAN(run(t, kinds.ID, in, "iban-"+strconv.Itoa(seed), noCities))
			if !ValidIBAN(out) || out[4] != c[4] || out[7] != c[7] {
				t.Fatalf("%q → %q: region or bank group lost, or invalid", in, out)
			}
			if out[12:] == c[12:] {
				t.Fatalf("%q → %q keeps the account", in, out)
			}
		}
	}
}

// TestWardCompass: a ward's compass word becomes another one of the same
// length ("3 Süd" → "7 Ost"); over 20 seeds.
func TestWardCompass(t *testing.T) {
	for _, c := range []struct{ in, re string }{
		{"3 Süd", `^[1-9] Ost$`}, {"Haus Nord 2", `^[A-Z][a-z]{3} West [1-9]$`}, {"4 WEST", `^[1-9] NORD$`},
	} {
		for seed := 1; seed <= 20; seed++ {
			out := run(t, kinds.ID, c.in, "ward-"+strconv.Itoa(seed), noCities)
			if !regexp.MustCompile(c.re).MatchString(out) {
				t.Fatalf("seed %d: %q → %q, want %s", seed, c.in, out, c.re)
			}
		}
	}
}

// TestGermanBICAgrees: a German BIC becomes a real German bank code, of
// the bank group of the letter's IBAN (kept by the IBAN's surrogate), the
// branch form kept; over 50 seeds.
func TestGermanBICAgrees(t *testing.T) {
	for _, c := range []struct{ iban, bic string }{
		{"DE60 8605 5592 1234 5678 90", "WELADED1XXX"}, // savings bank
		{"DE89 3704 0044 0532 0130 00", "COBADEFFXXX"}, // Commerzbank
		{"DE02 7606 9559 0000 1234 56", "GENODEF1NEA"}, // cooperative bank
	} {
		for seed := 1; seed <= 50; seed++ {
			text := "IBAN " + c.iban + " BIC " + c.bic + "\n"
			bb := strings.Index(text, c.bic)
			d := &document.Document{Text: text, Spans: []document.Span{
				{Kind: kinds.ID, Begin: 5, End: 5 + len(c.iban), Ref: -1},
				{Kind: kinds.ID, Begin: bb, End: bb + len(c.bic), Ref: -1},
			}}
			d.Normalize()
			sc := fictive.NewScope([]byte("bic-" + strconv.Itoa(seed)))
			ctx := &fictive.Context{Kind: kinds.ID, Doc: d, Span: 1, Scope: sc, DocScope: sc, State: &fictive.DocState{}, Res: data.Default()}
			out, err := ID(c.bic, ctx)
			if err != nil {
				t.Fatal(err)
			}
			group := compactIBAN(c.iban)[7]
			found := false
			for _, b := range germanBICs[group] {
				found = found || out[:8] == b
			}
			if !found || out[:8] == c.bic[:8] || len(out) != len(c.bic) || (c.bic[8:] == "XXX") != (out[8:] == "XXX") {
				t.Fatalf("seed %d: %q (IBAN group %c) → %q", seed, c.bic, group, out)
			}
		}
	}
}

// TestPairedAreaCodes: an area code written in digit pairs is read whole
// and a new code of another length is written in pairs from the right,
// the subscriber's groups unchanged.
func TestPairedAreaCodes(t *testing.T) {
	for _, c := range []struct{ in, area, want string }{
		{"(0 52 31) 72-14 10", "211", "(02 11) 72-14 10"},
		{"0 52 81 / 60 93 71", "3731", "0 37 31 / 60 93 71"},
		{"(0 34 1) 97 10 99", "3741", "(0 37 41) 97 10 99"},
		{"Tel. (0 36 9 22) 2 08 57", "341", "Tel. (03 41) 2 08 57"},
	} {
		p, ok := parsePhone(c.in)
		if !ok || p.prefix != "0" {
			t.Fatalf("%q: not parsed", c.in)
		}
		got := renderPhoneArea(c.in, p, c.area+p.national[p.areaLen:], len(c.area))
		if got != c.want {
			t.Errorf("%q (area %q) with %q: %q, want %q", c.in, p.national[:p.areaLen], c.area, got, c.want)
		}
	}
}
