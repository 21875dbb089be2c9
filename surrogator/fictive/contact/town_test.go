package contact

import "testing"

// TestShortTown: host names, mail addresses and paths take the short town
// name German institutions use in their domains (uni-freiburg.de,
// uniklinik-halle.de, uni-frankfurt.de), never the official long form
// ("uniklinikum-freiburg-im-breisgau.de" told the surrogate apart).
func TestShortTown(t *testing.T) {
	tests := []struct {
		city, want, slug string
	}{
		{"Freiburg im Breisgau", "Freiburg", "freiburg"},
		{"Frankfurt am Main", "Frankfurt", "frankfurt"},
		{"Halle (Saale)", "Halle", "halle"},
		{"Halle an der Saale", "Halle", "halle"},
		{"Neumarkt in der Oberpfalz", "Neumarkt", "neumarkt"},
		{"Neumarkt i.d.OPf.", "Neumarkt", "neumarkt"},
		{"Mülheim an der Ruhr", "Mülheim", "muelheim"},
		{"Rothenburg ob der Tauber", "Rothenburg", "rothenburg"},
		{"Lindau (Bodensee)", "Lindau", "lindau"},
		{"Lahr/Schwarzwald", "Lahr", "lahr"},
		{"Bad Homburg vor der Höhe", "Bad Homburg", "bad-homburg"},
		{"Bad Kreuznach", "Bad Kreuznach", "bad-kreuznach"},
		{"St. Ingbert", "St. Ingbert", "st-ingbert"},
		{"Leipzig", "Leipzig", "leipzig"},
		{"Au am Rhein", "Au am Rhein", "au-am-rhein"}, // "Au" alone is too short
	}
	for _, tt := range tests {
		got := shortTown(tt.city)
		if got != tt.want {
			t.Errorf("shortTown(%q) = %q, want %q", tt.city, got, tt.want)
		}
		if s := slug(got, "-"); s != tt.slug {
			t.Errorf("slug(shortTown(%q)) = %q, want %q", tt.city, s, tt.slug)
		}
	}
}
