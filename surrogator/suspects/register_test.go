package suspects

import "testing"

// TestRegisterFinds: the register recognizer (register.go) finds the
// institutions of data's register by name, declined name and abbreviation.
func TestRegisterFinds(t *testing.T) {
	det := New(Options{})
	cases := []struct{ name, text, want string }{
		{"abbreviation after preposition", "Die Nachsorge erfolgt am UKR in der Ambulanz.", "LOCATION_HOSPITAL:UKR"},
		{"long abbreviation alone", "Vorstellung im Verlauf: UMMD, Station 3.", "LOCATION_HOSPITAL:UMMD"},
		{"abbreviation in parentheses", "Universitätsmedizin Rostock (UMR), Klinik für Innere Medizin", "LOCATION_HOSPITAL:UMR"},
		{"full name", "Zweitmeinung aus der Universitätsmedizin Greifswald liegt vor.", "LOCATION_HOSPITAL:Universitätsmedizin Greifswald"},
		{"declined adjective", "Die Begutachtung durch den Medizinischen Dienst Westfalen-Lippe steht aus.", "LOCATION_ORGANIZATION:Medizinischen Dienst Westfalen-Lippe"},
		{"genitive", "das Transplantationszentrum des LMU Klinikums hat zugestimmt", "LOCATION_HOSPITAL:LMU Klinikums"},
		{"name with parentheses", "Aufnahme im Universitätsklinikum Halle (Saale) am Abend", "LOCATION_HOSPITAL:Universitätsklinikum Halle (Saale)"},
		{"tumour centre", "Die Tumorkonferenz des Westdeutschen Tumorzentrums empfiehlt", "LOCATION_HOSPITAL:Westdeutschen Tumorzentrums"},
		{"authority abbreviation", "Der Schwerbehindertenausweis wurde beim ZBFS beantragt.", "LOCATION_ORGANIZATION:ZBFS"},
		{"one word name", "Nach dem Unfall Behandlung im Bergmannsheil, dann Reha.", "LOCATION_HOSPITAL:Bergmannsheil"},
	}
	wantFound(t, det, cases)
}

// TestRegisterPrecision: register spellings that are common words or
// clinical abbreviations are left alone without an institution's context.
func TestRegisterPrecision(t *testing.T) {
	det := New(Options{})
	for _, text := range []string{
		"MRI und CT ohne Befund, KUM-Werte normal.",
		"Die Techniker der Haustechnik kamen mobil zur Allianz der Helfer.",
		"Ergo- und Physiotherapie, Host-versus-Graft.",
	} {
		for _, g := range find(t, det, text, nil) {
			t.Errorf("%q: want no suspects, got %q", text, g)
		}
	}
}
