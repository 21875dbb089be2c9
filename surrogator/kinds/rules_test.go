package kinds

import (
	"strings"
	"testing"
)

// TestRulesSpec: the defaults, audit exemptions and QC flags of SPEC §6
// and §5, kind by kind.
func TestRulesSpec(t *testing.T) {
	kept := map[Kind]Default{Profession: Keep, LocationCountry: Keep, LocationState: KeepUnlessReplaceState, Age: KeepUpToMaxAge}
	notAudited := map[Kind]bool{Date: true, DateBirth: true, DateDeath: true, Age: true, Profession: true, NameTitle: true,
		LocationCountry: true, LocationState: true}
	flags := map[Kind]string{Age: QCAgeOver89, Profession: QCProfession, Other: QCOther, LocationOther: QCLocationOther,
		LocationCountry: QCKeptPlace, LocationState: QCKeptPlace, Date: QCUnparseableDate, DateBirth: QCUnparseableDate, DateDeath: QCUnparseableDate}
	for _, k := range All {
		r := RulesOf(k)
		if r.Kind != k {
			t.Errorf("%s: rules of %s", k, r.Kind)
		}
		if r.Default != kept[k] || r.Kept() != (kept[k] != Replace) {
			t.Errorf("%s: default %d, want %d", k, r.Default, kept[k])
		}
		if r.Audited == notAudited[k] {
			t.Errorf("%s: audited %v", k, r.Audited)
		}
		if r.QCFlag != flags[k] {
			t.Errorf("%s: QC flag %q, want %q", k, r.QCFlag, flags[k])
		}
	}
	if r := RulesOf(""); r.Audited || r.Kept() || r.QCFlag != "" || r.Display != "" || r.Risk != 0 {
		t.Errorf("a wrong annotation has rules %+v", r)
	}
	if r := RulesOf("NAME_FOO"); r.Audited || r.Risk != 0 {
		t.Errorf("an unknown kind has rules %+v", r)
	}
}

// TestDisplayGroups: every kind has a group, and the groups follow the
// kinds' families (NAME_*, DATE*, LOCATION_*, CONTACT_*).
func TestDisplayGroups(t *testing.T) {
	family := map[string]string{"NAME_": DisplayName, "DATE": DisplayDate, "LOCATION_": DisplayLocation, "CONTACT_": DisplayContact}
	for _, r := range Table() {
		if r.Display == "" {
			t.Errorf("%s has no display group", r.Kind)
		}
		for prefix, g := range family {
			if strings.HasPrefix(string(r.Kind), prefix) && r.Display != g {
				t.Errorf("%s: group %q, want %q", r.Kind, r.Display, g)
			}
		}
		if r.Kind.IsName() && r.Display != DisplayName || r.Kind.IsDate() && r.Display != DisplayDate || r.Kind.IsLocation() && r.Display != DisplayLocation {
			t.Errorf("%s: group %q does not match its family", r.Kind, r.Display)
		}
	}
}

// TestRulesTable: one row per kind, every kind parses to itself, risks
// are distinct (a merge never ties between kinds) and OTHER ranks highest;
// Table returns a copy.
func TestRulesTable(t *testing.T) {
	seen := map[Kind]bool{}
	risks := map[int]Kind{}
	for i, r := range Table() {
		if All[i] != r.Kind {
			t.Errorf("All[%d] = %s, table row %s", i, All[i], r.Kind)
		}
		if seen[r.Kind] {
			t.Errorf("%s twice", r.Kind)
		}
		seen[r.Kind] = true
		if k, ok := Parse(string(r.Kind)); !ok || k != r.Kind {
			t.Errorf("%s does not parse to itself", r.Kind)
		}
		if o, dup := risks[r.Risk]; dup || r.Risk <= 0 {
			t.Errorf("%s: risk %d (also %s)", r.Kind, r.Risk, o)
		}
		risks[r.Risk] = r.Kind
		if r.Kind != Other && r.Risk >= Risk(Other) {
			t.Errorf("%s ranks with OTHER", r.Kind)
		}
	}
	tab := Table()
	tab[0].Audited = false
	if !RulesOf(tab[0].Kind).Audited {
		t.Error("Table returned the table itself")
	}
}

// TestKeptAsWritten: PROFESSION and LOCATION_COUNTRY are always kept,
// LOCATION_STATE unless states are replaced, AGE as its check says; every
// other kind is replaced.
func TestKeptAsWritten(t *testing.T) {
	young := func(s string) bool { return s != "95" }
	for _, k := range All {
		for _, replaceState := range []bool{false, true} {
			for _, text := range []string{"40", "95"} {
				want := false
				switch k {
				case Profession, LocationCountry:
					want = true
				case LocationState:
					want = !replaceState
				case Age:
					want = text == "40"
				}
				if got := RulesOf(k).KeptAsWritten(text, replaceState, young); got != want {
					t.Errorf("%s %q replaceState=%v: kept %v, want %v", k, text, replaceState, got, want)
				}
			}
		}
	}
}

// TestKeptByStatePolicy: of the places, LOCATION_COUNTRY is always kept,
// LOCATION_STATE and a LOCATION_CITY naming a city-state unless states
// are replaced; every other kind (PROFESSION and AGE are no places) is
// not kept by the state policy.
func TestKeptByStatePolicy(t *testing.T) {
	cityState := func(s string) bool { return s == "Hamburg" }
	for _, k := range All {
		for _, replaceState := range []bool{false, true} {
			for _, text := range []string{"Hamburg", "Leipzig"} {
				want := false
				switch {
				case k == LocationCountry:
					want = true
				case k == LocationState, k == LocationCity && text == "Hamburg":
					want = !replaceState
				}
				if got := RulesOf(k).KeptByStatePolicy(text, replaceState, cityState); got != want {
					t.Errorf("%s %q replaceState=%v: kept %v, want %v", k, text, replaceState, got, want)
				}
			}
		}
	}
	if RulesOf(LocationCity).KeptByStatePolicy("Hamburg", false, nil) {
		t.Error("a nil city-state check keeps a city")
	}
}

// TestSuspectRepeats: the suspects detector searches repeats of every
// replaced kind's text except the titles and OTHER; never of kept kinds
// or ages.
func TestSuspectRepeats(t *testing.T) {
	for _, r := range Table() {
		want := r.Default == Replace && r.Kind != NameTitle && r.Kind != Other
		if r.SuspectRepeats != want {
			t.Errorf("%s: SuspectRepeats %v, want %v", r.Kind, r.SuspectRepeats, want)
		}
	}
}

// TestFacilityKinds: the facility kinds are the three LOCATION_* kinds a
// facility name is annotated with.
func TestFacilityKinds(t *testing.T) {
	for _, r := range Table() {
		want := r.Kind == LocationHospital || r.Kind == LocationOrganization || r.Kind == LocationOther
		if r.Facility != want {
			t.Errorf("%s: Facility %v", r.Kind, r.Facility)
		}
	}
}

// TestPlanPhases: person names and titles are planned first, places next,
// the kinds that spell names and places (e-mail, URL, user name) last,
// everything else between; only OTHER has a fixed fictive surrogate.
func TestPlanPhases(t *testing.T) {
	for _, r := range Table() {
		want := PlanRest
		switch {
		case r.Kind.IsName() || r.Kind == NameTitle:
			want = PlanNames
		case r.Kind.IsLocation():
			want = PlanPlaces
		case r.Kind == ContactEmail || r.Kind == ContactURL || r.Kind == NameUsername:
			want = PlanSpelled
		}
		if r.Phase != want {
			t.Errorf("%s: phase %d, want %d", r.Kind, r.Phase, want)
		}
		if (r.Placeholder != "") != (r.Kind == Other) {
			t.Errorf("%s: placeholder %q", r.Kind, r.Placeholder)
		}
	}
	if !(PlanNames < PlanPlaces && PlanPlaces < PlanRest && PlanRest < PlanSpelled) || RulesOf("").Phase != PlanRest {
		t.Error("phases out of order, or a wrong annotation is not planned with the rest")
	}
}
