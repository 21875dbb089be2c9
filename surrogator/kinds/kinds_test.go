package kinds

import "testing"

func TestParse(t *testing.T) {
	tests := []struct {
		in   string
		want Kind
		ok   bool
	}{
		{"NAME_PATIENT", NamePatient, true},
		{" name_patient ", NamePatient, true},
		{"NAME_USER", NameUsername, true},
		{"NAME_EXTERN", NameExt, true},
		{"NAME_OTHER", NameExt, true},
		{"LOCATION_ORGANISATION", LocationOrganization, true},
		{"", "", false},
		{"NONE", "", false},
		{"none", "", false},
		{"NAME_FOO", "", false},
	}
	for _, tt := range tests {
		got, ok := Parse(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("Parse(%q) = %q,%v; want %q,%v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
	if len(All) != 25 {
		t.Fatalf("len(All)=%d, want 25", len(All))
	}
	for _, k := range All {
		if Risk(k) == 0 {
			t.Errorf("kind %s has no risk rank", k)
		}
		if !k.Valid() {
			t.Errorf("%s not valid", k)
		}
	}
}

func TestHigher(t *testing.T) {
	if Higher(Date, NamePatient) != NamePatient || Higher(Other, NamePatient) != Other {
		t.Fatal("risk order wrong")
	}
}
