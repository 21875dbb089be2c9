package suspects

import "testing"

// TestNameEchoes: a name found with a cue is found again without one
// (echoes.go), but not inside a facility's name.
func TestNameEchoes(t *testing.T) {
	det := New(Options{})
	cases := []struct {
		name, text string
		want       []string
	}{
		{"surname genitive apostrophe", "Frau Beate Albers kam zur Aufnahme. Albers' Angaben zufolge keine Allergien.",
			[]string{"NAME_PATIENT:Beate Albers", "NAME_PATIENT:Albers"}},
		{"surname genitive s", "Herr Yusuf Kaplan wurde aufgenommen. Kaplans Ehefrau war anwesend.",
			[]string{"NAME_PATIENT:Yusuf Kaplan", "NAME_PATIENT:Kaplans"}},
		{"child by first name", "Kind: Leon Tschöpe, geb. 14.05.2014\n\nDer Vater hat Umgang. Leon spielt Fußball.",
			[]string{"NAME_PATIENT:Leon Tschöpe", "DATE:14.05.2014", "NAME_PATIENT:Leon"}},
		{"part of a double first name", "Betr.: Leonie-Sophie Ramthun, 15 Jahre\n\nLeonie lebt bei der Mutter.",
			[]string{"NAME_PATIENT:Leonie-Sophie Ramthun", "AGE:15", "NAME_PATIENT:Leonie"}},
		{"not in a facility", "Die Tochter Anna kommt täglich. Tagespflege im St. Anna Stift.",
			[]string{"NAME_RELATIVE:Anna"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := find(t, det, c.text, nil)
			for _, w := range c.want {
				if !contains(got, w) {
					t.Errorf("%q: want %q among %q", c.text, w, got)
				}
			}
			for _, g := range got {
				if !contains(c.want, g) && g != "LOCATION_HOSPITAL:Tagespflege im St. Anna Stift" {
					t.Errorf("%q: unexpected %q", c.text, g)
				}
			}
		})
	}
}

func contains(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

// TestKinListsAndSigners: kinlists.go, signernames.go and the colleague
// rule in the dative.
func TestKinListsAndSigners(t *testing.T) {
	det := New(Options{})
	cases := []struct {
		text string
		want []string
	}{
		{"Die Kinder Emre und Elif besuchen die Grundschule.", []string{"NAME_RELATIVE:Emre", "NAME_RELATIVE:Elif"}},
		{"Sie hat zwei Töchter (Marta, 12 J., und Zofia, 9 J.).", []string{"NAME_RELATIVE:Marta", "NAME_RELATIVE:Zofia"}},
		{"Ehemann verstorben; Tochter: Milica", []string{"NAME_RELATIVE:Milica"}},
		{"Rücksprache mit Herrn Kollegen Ravensberg erfolgt.", []string{"NAME_DOCTOR:Ravensberg"}},
		{"Mit freundlichen Grüßen\n\nMarković\nAssistenzärztin", []string{"NAME_DOCTOR:Marković"}},
	}
	for _, c := range cases {
		got := find(t, det, c.text, nil)
		for _, w := range c.want {
			if !contains(got, w) {
				t.Errorf("%q: want %q among %q", c.text, w, got)
			}
		}
	}
	for _, text := range []string{
		"Entlassungsbericht\nPatient wurde aufgenommen.",
		"Die Kinder und Jugendlichen der Station. Geschwister gesund.",
	} {
		for _, g := range find(t, det, text, nil) {
			t.Errorf("%q: want no suspects, got %q", text, g)
		}
	}
}

// TestNameFormsMore: "Pat.:" and all-caps fields, a salutation's particle
// name that is also a town, relatives after "Eltern," and "Sohn X (6 J.)".
func TestNameFormsMore(t *testing.T) {
	det := New(Options{})
	for _, c := range []struct{ text, want string }{
		{"Pat.: Schmidt-Wolkenstein, Anna-Lena", "NAME_PATIENT:Anna-Lena"},
		{"Patient: AL-MASRI, KHALED        geb. 02.03.1970", "NAME_PATIENT:AL-MASRI"},
		{"Sie kam zu uns nach Gotha. Frau v. Hagenow lebt allein.", "NAME_PATIENT:v. Hagenow"},
		{"Ihre Eltern, Joost und Marieke, unterstützen.", "NAME_RELATIVE:Joost"},
		{"Der ältere Sohn Matei (6 J.) besucht die Schule.", "NAME_RELATIVE:Matei"},
	} {
		if got := find(t, det, c.text, nil); !contains(got, c.want) {
			t.Errorf("%q: want %q among %q", c.text, c.want, got)
		}
	}
	if got := find(t, det, "Weiter in der Schmerzambulanz. Krankenkasse ist die AOK.", nil); contains(got, "LOCATION_ORGANIZATION:Schmerzambulanz. Krankenkasse") {
		t.Errorf("a facility name across a sentence end: %q", got)
	}
}

// TestNameListsAndTitles: namelists.go, titles2.go and the role rule's
// speciality words.
func TestNameListsAndTitles(t *testing.T) {
	det := New(Options{})
	for _, c := range []struct{ text, want string }{
		{"Dr. med. Dirk Hoberg · Mirjam Schneider-Irle\nWeidenauer Str. 4", "NAME_DOCTOR:Mirjam Schneider-Irle"},
		{"Rechtliche Betreuerin: Dipl.-Sozialarb. Anke Wölfer-Kunz", "NAME_TITLE:Dipl.-Sozialarb."},
		{"Jens Kowalczyk, Dipl.-Sozialpäd. (FH)", "NAME_TITLE:Dipl.-Sozialpäd. (FH)"},
		{"Dr. med. Hauke Brünjes, FEBO\nSiemensplatz 4", "NAME_TITLE:FEBO"},
	} {
		if got := find(t, det, c.text, nil); !contains(got, c.want) {
			t.Errorf("%q: want %q among %q", c.text, c.want, got)
		}
	}
	for _, text := range []string{"Oberarzt Geriatrie", "Oberärztin Palliativmedizin", "Dr. Kühn · Kardiologie"} {
		for _, g := range find(t, det, text, nil) {
			if g != "NAME_TITLE:Dr." && g != "NAME_DOCTOR:Kühn" {
				t.Errorf("%q: unexpected %q", text, g)
			}
		}
	}
}

// TestNameFormsMore2: a surname in no list before a listed first name
// after "Pat.:", a newborn's name, a mark before a date on a long line, a
// title after a role noun.
func TestNameFormsMore2(t *testing.T) {
	det := New(Options{})
	for _, c := range []struct{ text, want string }{
		{"OPERATIONSBERICHT\n\nPat.: Wiśniewska, Agnieszka   geb. 22.9.1970", "NAME_PATIENT:Wiśniewska"},
		{"Geburt von einem gesunden Mädchen (Lena, 3.280 g, 51 cm)", "NAME_RELATIVE:Lena"},
		{"Onkologische Tagesklinik, Station 3, Frau Dr. Kern; cfoe/16.05.24", "NAME_USERNAME:cfoe"},
		{"Zuweiser: Dr. Malte Ohlsen, Bergamo", "NAME_TITLE:Dr."},
	} {
		if got := find(t, det, c.text, nil); !contains(got, c.want) {
			t.Errorf("%q: want %q among %q", c.text, c.want, got)
		}
	}
}

func TestFeminineSurnames(t *testing.T) {
	for _, c := range []struct{ in, want string }{{"wisniewski", "wisniewska"}, {"iwanow", "iwanowa"}, {"novak", "novakova"}, {"mueller", ""}} {
		got := ""
		if v := feminineSurnames(c.in); len(v) > 0 {
			got = v[0]
		}
		if got != c.want {
			t.Errorf("feminineSurnames(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
