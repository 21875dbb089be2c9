package taxonomy

import "testing"

func TestDecline(t *testing.T) {
	for _, c := range []struct{ name, article, want string }{
		{"Katholisches Klinikum Fulda", "vom", "Katholischen Klinikum Fulda"},
		{"Westdeutsches Herz- und Gefäßzentrum Essen", "im", "Westdeutschen Herz- und Gefäßzentrum Essen"},
		{"Norddeutsches Epilepsiezentrum", "des", "Norddeutschen Epilepsiezentrums"},
		{"Städtisches Klinikum Görlitz", "ins", "Städtische Klinikum Görlitz"},
		{"Universitätsklinikum Würzburg", "im", "Universitätsklinikum Würzburg"},
		{"Fachklinik Bad Elster", "in der", "Fachklinik Bad Elster"},
		{"Klinikum Fulda", "des", "Klinikums Fulda"},
		{"Evangelisches Krankenhaus Hagen", "des", "Evangelischen Krankenhauses Hagen"},
		{"Deutsche Rentenversicherung Bund", "der", "Deutschen Rentenversicherung Bund"},
		{"Deutsche Rentenversicherung Bund", "die", "Deutsche Rentenversicherung Bund"},
		{"Städtisches Klinikum Görlitz", "ein", "Städtisches Klinikum Görlitz"},
		{"Evangelische Klinik Bethel", "einer", "Evangelischen Klinik Bethel"},
		{"Allgemeiner Sozialer Dienst", "den", "Allgemeinen Sozialen Dienst"},
		{"Katholisches Klinikum Fulda", "", "Katholisches Klinikum Fulda"},
		{"UKE", "des", "UKE"},
		{"Landratsamt Bautzen", "des", "Landratsamts Bautzen"},
		{"Amtsgericht Zwickau", "beim", "Amtsgericht Zwickau"},
	} {
		if got := Decline(c.name, lastWord(c.article)); got != c.want {
			t.Errorf("Decline(%q, %q) = %q, want %q", c.name, c.article, got, c.want)
		}
	}
}

func lastWord(s string) string {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == ' ' {
			return s[i+1:]
		}
	}
	return s
}

func TestStripGenitive(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Herzzentrums Leipzig", "Herzzentrum Leipzig"},
		{"Krankenhauses Dresden-Neustadt", "Krankenhaus Dresden-Neustadt"},
		{"Universitätsklinikums Leipzig", "Universitätsklinikum Leipzig"},
		{"Klinikum Chemnitz", "Klinikum Chemnitz"},
		{"Landratsamtes Meißen", "Landratsamt Meißen"},
	} {
		if got, _ := StripGenitive(c.in); got != c.want {
			t.Errorf("StripGenitive(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestAgrees(t *testing.T) {
	for _, c := range []struct {
		article, orig, sur string
		want               bool
	}{
		{"im", "Universitätsklinikum Leipzig", "Klinikum Fulda", true},
		{"im", "Universitätsklinikum Leipzig", "Uniklinik Köln", false},
		{"der", "Charité", "Medizinische Hochschule Hannover", true},
		{"der", "Charité", "Universitätsklinikum Ulm", false},
		{"des", "Herzzentrums Leipzig", "Klinikums Fulda", true},
		{"zur", "Agentur für Arbeit Leipzig", "Agentur für Arbeit Gotha", true},
		{"vom", "Landratsamt Meißen", "Jobcenter Bautzen", true},
		{"durch die", "MVZ Mitte", "Praxis Dr. Berger", true},
	} {
		if got := Agrees(lastWord(c.article), c.orig, c.sur); got != c.want {
			t.Errorf("Agrees(%q, %q, %q) = %v, want %v", c.article, c.orig, c.sur, got, c.want)
		}
	}
}

func TestNominative(t *testing.T) {
	for _, c := range []struct{ name, article, want string }{
		{"Katholischen Klinikum Fulda", "vom", "Katholisches Klinikum Fulda"},
		{"Städtische Klinikum Görlitz", "ins", "Städtisches Klinikum Görlitz"},
		{"Herzzentrums Leipzig", "des", "Herzzentrum Leipzig"},
		{"Deutschen Rentenversicherung Bund", "der", "Deutsche Rentenversicherung Bund"},
		{"Universitätsklinikum Leipzig", "", "Universitätsklinikum Leipzig"},
		{"Stadtwerken Garbsen", "den", "Stadtwerke Garbsen"},
		{"Kliniken Erlabrunn", "den", "Kliniken Erlabrunn"},
	} {
		if got := Nominative(c.name, c.article); got != c.want {
			t.Errorf("Nominative(%q, %q) = %q, want %q", c.name, c.article, got, c.want)
		}
		if back := Decline(c.want, c.article); c.article != "" && back != c.name {
			t.Errorf("Decline(Nominative(%q)) = %q", c.name, back)
		}
	}
}
