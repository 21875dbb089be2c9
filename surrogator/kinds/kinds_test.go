package kinds

import (
	"strings"
	"testing"
)

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
	// the 25 kinds of the GeMTeX type system (SPEC §2) are all there; a
	// kind added to the table is added to All as well (TestRulesTable)
	gemtex := strings.Fields(`NAME_PATIENT NAME_RELATIVE NAME_DOCTOR NAME_EXT NAME_USERNAME NAME_TITLE DATE DATE_BIRTH
		DATE_DEATH AGE LOCATION_STREET LOCATION_CITY LOCATION_ZIP LOCATION_COUNTRY LOCATION_STATE LOCATION_HOSPITAL
		LOCATION_ORGANIZATION LOCATION_OTHER ID CONTACT_PHONE CONTACT_EMAIL CONTACT_FAX CONTACT_URL PROFESSION OTHER`)
	if len(gemtex) != 25 {
		t.Fatalf("%d GeMTeX kinds listed", len(gemtex))
	}
	for _, l := range gemtex {
		if !Kind(l).Valid() {
			t.Errorf("GeMTeX kind %s missing", l)
		}
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
