package suspects

import "testing"

// TestMarks: marks.go finds hand and dictation marks after their labels
// and by their shape, and leaves titles, names and words after a label.
func TestMarks(t *testing.T) {
	det := New(Options{})
	cases := []struct{ text, want string }{
		{"Schreibkraft: mbu / 12.03.2024", "NAME_USERNAME:mbu"},
		{"Diktat: kay/na", "NAME_USERNAME:kay/na"},
		{"Zuschnitt: MSI · MTL: kbr", "NAME_USERNAME:kbr"},
		{"Handzeichen: MHi", "NAME_USERNAME:MHi"},
		{"Technisch freigegeben: MTL-JKo 11.03.2025 14:22", "NAME_USERNAME:MTL-JKo"},
		{"KE/adt · Schreibdienst", "NAME_USERNAME:KE/adt"},
		{"Onkologische Tagesklinik; cfoe/16.05.24", "NAME_USERNAME:cfoe"},
		{"Er spielt Online-Spiele (Nutzername „khang_vs2010“) und klagte.", "NAME_USERNAME:khang_vs2010"},
	}
	for _, c := range cases {
		if got := find(t, det, c.text, nil); !contains(got, c.want) {
			t.Errorf("%q: want %q among %q", c.text, c.want, got)
		}
	}
	for _, text := range []string{"Die Befunde sind erstellt: ja", "Diktat: Dr. Brandes"} {
		for _, g := range find(t, det, text, nil) {
			if g != "NAME_TITLE:Dr." && g != "NAME_DOCTOR:Brandes" {
				t.Errorf("%q: unexpected %q", text, g)
			}
		}
	}
	if got := find(t, det, "Adresse: Slovanská 44, 326 00 Plzeň, Tschechische Republik", nil); !contains(got, "LOCATION_COUNTRY:Tschechische Republik") {
		t.Errorf("country after a comma: got %q", got)
	}
}
