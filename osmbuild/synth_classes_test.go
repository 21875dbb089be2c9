package osmbuild

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/surrogator/surrogator/osmbuild/synth"
)

// The synthetic Germany offers pool entries of every class the facility
// surrogates keep, and candidates for each cleaning rule it imitates.
func TestSynthPoolClasses(t *testing.T) {
	if testing.Short() {
		t.Skip("generates a synthetic Germany")
	}
	dir := t.TempDir()
	pbf, out := filepath.Join(dir, "s.osm.pbf"), filepath.Join(dir, "s.pack")
	if _, err := synth.GenerateFile(context.Background(), pbf, synth.Options{Scale: 0.002, Seed: 24, Workers: 2}); err != nil {
		t.Fatal(err)
	}
	st, err := Build(context.Background(), pbf, out, Options{Workers: 2, NoEmbeddings: true})
	if err != nil {
		t.Fatal(err)
	}
	kept := map[string]int{}
	for _, r := range st.PoolReport {
		if r.Kept {
			kept[r.Class] += r.Count
		}
	}
	for _, c := range []string{"university-hospital", "hospital", "heart-centre", "rehab", "psychiatry", "practice-gp",
		"practice-specialist", "physiotherapy", "dental", "pharmacy", "laboratory", "care-home", "care-service",
		"insurer-statutory", "insurer-private", "pension-carrier", "court-amtsgericht", "court-landgericht",
		"court-sozialgericht", "court-arbeitsgericht", "court-verwaltungsgericht", "authority-gesundheitsamt",
		"authority-jugendamt", "authority-landratsamt", "authority-arbeitsagentur", "university", "association",
		"company", "school", "church", "shop", "gastronomy", "park", "lodging", "culture", "sport", "bath"} {
		if kept[c] == 0 {
			t.Errorf("no %s in the synthetic pools", c)
		}
	}
	for _, r := range []Reason{ReasonParking, ReasonFuel, ReasonInfrastructure, ReasonBrand, ReasonPerson} {
		if st.Dropped[r] == 0 {
			t.Errorf("the synthetic extract gives the cleaning nothing to drop as %s", r)
		}
	}
	t.Logf("kept per class: %v; dropped: %v", kept, st.Dropped)
}
