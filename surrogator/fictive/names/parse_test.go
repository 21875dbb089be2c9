package names

import (
	"strings"
	"testing"

	"github.com/surrogator/surrogator/data"
)

// describe renders a parse as "Word:role" items (F first name, S surname,
// I initial, k kept) and the persons' genders.
func describe(p *parsed) string {
	var out []string
	for _, ps := range p.persons {
		var items []string
		for _, i := range ps.chunks {
			c := p.chunks[i]
			switch {
			case c.kind == ckKeep:
				items = append(items, c.text+":k")
			case c.kind == ckName && c.initialsOnly():
				items = append(items, c.text+":I")
			case c.kind == ckName && c.role == roleFirst:
				items = append(items, c.text+":F")
			case c.kind == ckName && c.role == roleSurname:
				items = append(items, c.text+":S")
			case c.kind == ckName:
				items = append(items, c.text+":?")
			}
		}
		g := "u"
		switch ps.gender {
		case data.Female:
			g = "f"
		case data.Male:
			g = "m"
		}
		if ps.commaOrder {
			g += ",comma"
		}
		out = append(out, strings.Join(items, " ")+" ["+g+"]")
	}
	return strings.Join(out, " | ")
}

func TestParse(t *testing.T) {
	lx := lexiconOf(testResources(t))
	tests := []struct {
		before, span, want string
	}{
		{"", "Beate Albers", "Beate:F Albers:S [f]"},
		{"Frau ", "Albers", "Albers:S [f]"},
		{"Sehr geehrter Herr ", "Albers", "Albers:S [m]"},
		{"", "Albers, Beate", "Albers:S Beate:F [f,comma]"},
		{"", "MEIER, HANS", "MEIER:S HANS:F [m,comma]"},
		{"", "Schulz, Dr. Maria", "Schulz:S Dr.:k Maria:F [f,comma]"},
		{"", "H. Meier", "H.:I Meier:S [u]"},
		{"", "Dr. med. H. Harnstedt", "Dr.:k med.:k H.:I Harnstedt:S [u]"},
		{"", "Hans-Peter Meier", "Hans-Peter:F Meier:S [m]"},
		{"", "Ursula von der Leyen", "Ursula:F von:k der:k Leyen:S [f]"},
		{"", "Beatrice DE BELLEFOREST", "Beatrice:F DE:k BELLEFOREST:S [f]"},
		{"", "Graf von Hohenfels", "Graf:k von:k Hohenfels:S [u]"},
		{"", "Steffi Graf", "Steffi:F Graf:S [f]"},
		{"", "Thomas Mann", "Thomas:F Mann:S [m]"},
		{"", "Tochter Lea", "Tochter:k Lea:F [f]"},
		{"Sohn ", "Lukas", "Lukas:F [m]"},
		{"", "Frau Dr. Alex Winter", "Frau:k Dr.:k Alex:F Winter:S [f]"},
		{"Kollegin ", "Kim Berger", "Kim:F Berger:S [f]"},
		{"Internistin ", "Chris Hagen", "Chris:F Hagen:S [f]"},
		{"Frau Dr. ", "Toni Reuter", "Toni:F Reuter:S [f]"},
		{"Betr.: ", "Asger Tornbjerg", "Asger:F Tornbjerg:S [m]"},
		{"", "Meier geb. Schulze", "Meier:S geb.:k Schulze:S [u]"},
		{"", "Hans Meier jun.", "Hans:F Meier:S jun.:k [m]"},
		{"", "Seiler und Quenstedt", "Seiler:S [u] | Quenstedt:S [u]"},
		{"", "Petra Lang u. Jürgen Hofmann", "Petra:F Lang:S [f] | Jürgen:F Hofmann:S [m]"},
		{"", "Hofmann/Lang", "Hofmann:S [u] | Lang:S [u]"},
		{"", "Meier, Schulze, Lang", "Meier:S [u] | Schulze:S [u] | Lang:S [u]"},
		{"", "Albers (geb. Meier)", "Albers:S geb.:k Meier:S [u]"},
		{"Frau ", "Beate", "Beate:F [f]"},
		{"", "Marinella Quast", "Marinella:F Quast:S [f]"},
		{"", "Ansgarius Quast", "Ansgarius:F Quast:S [m]"},
		{"", "Meier Schulze", "Meier:S Schulze:S [u]"},
		{"Patientin ", "Albers", "Albers:S [f]"},
		{"", "Albers.", "Albers:S [u]"},
		{"Heparin ", "Albers", "Albers:S [u]"},
		{"", "Frau Beate Albers, Tochter von Hans Albers", "Frau:k Beate:F Albers:S [f] | Tochter:k [f] | Hans:F Albers:S [m]"},
		{"", "Sohn von Beate Albers", "Sohn:k [m] | Beate:F Albers:S [f]"},
		{"", "Beate M.", "Beate:F M.:I [f]"},
		{"", "Hans Albers, Tochter von Beate Albers", "Hans:F Albers:S [m] | Tochter:k [f] | Beate:F Albers:S [f]"},
		{"", "Meier H.", "Meier:S H.:I [u]"},
		{"", "Albers, Beate, Dr. med.", "Albers:S Beate:F Dr.:k med.:k [f,comma]"},
		{"", "Beate Albers, Hans Meier", "Beate:F Albers:S [f] | Hans:F Meier:S [m]"},
		{"", "von Albers, Beate", "von:k Albers:S Beate:F [f,comma]"},
		{"", "Herr und Frau Albers", "Herr:k [m] | Frau:k Albers:S [f]"},
		{"", "Familie Albers", "Familie:k Albers:S [u]"},
		{"", "Dr.Albers", "Dr.:k Albers:S [u]"},
		{"", "Prof.Dr.med.Beate Albers", "Prof.Dr.med.:k Beate:F Albers:S [f]"},
		{"", "Dr.med.", "Dr.med.:k [u]"},
		{"OÄ Dr. ", "Kim Berger", "Kim:F Berger:S [f]"},
		{"Konsil OA Prof. ", "Kim Berger", "Kim:F Berger:S [u]"},
		{"", "Dr.in Kim Berger", "Dr.in:k Kim:F Berger:S [f]"},
		{"gez. Dr.in ", "Kim Berger", "Kim:F Berger:S [f]"},
		{"Herrn\n", "Helge Wellenbrink", "Helge:F Wellenbrink:S [m]"},
		{"Sehr geehrter Herr Kollege ", "Wellenbrink", "Wellenbrink:S [m]"},
		{"Ihr\n\n", "Dr. Harnstedt", "Dr.:k Harnstedt:S [u]"},
	}
	for _, tt := range tests {
		text := tt.before + tt.span
		p := lx.parse(tt.span, lx.beforeContext(text, len(tt.before)), nil, nil)
		if got := describe(p); got != tt.want {
			t.Errorf("%q|%q:\n got  %s\n want %s", tt.before, tt.span, got, tt.want)
		}
	}
}

func TestSuffixGender(t *testing.T) {
	tests := []struct {
		name string
		want data.Gender
	}{
		{"Marinella", data.Female}, {"Jolantine", data.Female}, {"Uwe", data.Male}, {"Ansgarius", data.Male},
		{"Bernwart", data.Male}, {"Frederic", data.Male}, {"Gundolf", data.Male}, {"Xy", data.Unknown},
		{"Kim", data.Male}, {"Sky", data.Unknown},
	}
	for _, tt := range tests {
		if got := suffixGender(tt.name); got != tt.want {
			t.Errorf("suffixGender(%q) = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestGenitiveSpelling(t *testing.T) {
	tests := []struct{ sur, suf, want string }{
		{"Koch", "'", "Kochs"}, {"Koch", "s", "Kochs"}, {"Franz", "s", "Franz'"}, {"Marx", "'", "Marx'"},
		{"Weiß", "s", "Weiß'"}, {"KOCH", "S", "KOCHS"}, {"Koch", "'s", "Koch's"}, {"Albers", "'s", "Albers'"},
		{"Koch", "’", "Kochs"}, {"Fuchs", "’", "Fuchs’"}, {"Koch", "", "Koch"}, {"Seitz", "s", "Seitz'"},
		{"Royce", "s", "Royce'"},
	}
	for _, tt := range tests {
		if got := addGenitive(tt.sur, tt.suf, isUpperWord(tt.sur)); got != tt.want {
			t.Errorf("addGenitive(%q, %q) = %q, want %q", tt.sur, tt.suf, got, tt.want)
		}
	}
}
