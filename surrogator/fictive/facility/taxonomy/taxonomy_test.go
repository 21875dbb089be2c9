package taxonomy

import "testing"

// TestArticleReadings: every article the head-noun rules know has its
// readings (case and gender), so AgreeingGenders never meets an article
// without them.
func TestArticleReadings(t *testing.T) {
	for a := range articles {
		if _, ok := articleReadings[a]; !ok {
			t.Errorf("article %q has no readings", a)
		}
	}
}

// TestClassifyEntry: a pool entry is offered by its name only when its
// own words show the class; the OSM tag classifies an entry whose name
// shows none; the fallback applies when neither does.
func TestClassifyEntry(t *testing.T) {
	for _, c := range []struct {
		name, category string
		fallback       Class
		want           Meta
	}{
		{"Städtisches Klinikum Görlitz", "amenity=hospital", Unknown, Meta{Class: Hospital, ByName: true, Gender: Neuter}},
		{"Helios", "amenity=hospital", Unknown, Meta{Class: Hospital}},
		{"Drehkreuz TK", "", Unknown, Meta{Class: InsurerStatutory, Gender: Neuter}}, // "TK" expanded only
		{"Sonnenschein", "", Park, Meta{Class: Park}},
	} {
		if got := ClassifyEntry(c.name, c.category, c.fallback); got != c.want {
			t.Errorf("ClassifyEntry(%q, %q, %v) = %+v, want %+v", c.name, c.category, c.fallback, got, c.want)
		}
	}
}
