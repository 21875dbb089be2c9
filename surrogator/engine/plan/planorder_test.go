package plan

import (
	"hash/maphash"
	"math/rand"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// planOrderSorted is planOrder as a stable sort by phase.
func planOrderSorted(d *document.Document) []int {
	order := make([]int, len(d.Spans))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		return kinds.RulesOf(d.Spans[order[a]].Kind).Phase < kinds.RulesOf(d.Spans[order[b]].Kind).Phase
	})
	return order
}

// TestPlanOrderIsStableSort: planOrder is the stable sort by the kinds'
// planning phase (kinds.Rules.Phase), for random mixes of every kind (and
// kinds the table does not know).
func TestPlanOrderIsStableSort(t *testing.T) {
	ks := append(append([]kinds.Kind(nil), kinds.All...), "", "NAME_SOMETHING", "LOCATION_X", "OTHER_KIND")
	rng := rand.New(rand.NewSource(1))
	for round := 0; round < 500; round++ {
		d := &document.Document{}
		for n := rng.Intn(40); n > 0; n-- {
			d.Spans = append(d.Spans, document.Span{Kind: ks[rng.Intn(len(ks))]})
		}
		if got, want := planOrder(d), planOrderSorted(d); !slices.Equal(got, want) {
			t.Fatalf("round %d: %v, want %v", round, got, want)
		}
	}
}

// TestDocIsNameLazy: the name test that collects the document's words on
// its first call answers as one that collected them first, for every word
// of the shared letters and genitives of them, whichever word comes first.
func TestDocIsNameLazy(t *testing.T) {
	res := data.Default()
	p := New(maphash.Seed{}, nil, func(s string) bool { return res.IsSurname(s) || res.IsFirstName(s) })
	for _, f := range testutil.GrasccoCAS(t) {
		d := testutil.Doc(t, f)
		var ws []string
		for _, w := range strings.Fields(d.Text) {
			ws = append(ws, strings.Trim(w, ".,;:()"), strings.Trim(w, ".,;:()")+"s")
		}
		eager := p.docIsName(d)
		eager("x") // collects the words
		for start := 0; start < len(ws); start += len(ws)/3 + 1 {
			lazy := p.docIsName(d)
			for k := range ws {
				w := ws[(start+k)%len(ws)]
				if got, want := lazy(w), eager(w); got != want {
					t.Fatalf("%s: %q: %v, want %v", d.Name, w, got, want)
				}
			}
		}
	}
}

// TestPlanOrderNamesFirst: a document's names are planned before its
// places, its places before the rest, and the e-mail address that may
// spell them last; text order decides within a phase.
func TestPlanOrderNamesFirst(t *testing.T) {
	d := &document.Document{}
	for _, k := range []kinds.Kind{kinds.ContactEmail, kinds.Date, kinds.LocationCity, kinds.NameDoctor, kinds.ID, kinds.NameTitle, kinds.LocationStreet} {
		d.Spans = append(d.Spans, document.Span{Kind: k})
	}
	if got, want := planOrder(d), []int{3, 5, 2, 6, 1, 4, 0}; !slices.Equal(got, want) {
		t.Errorf("order %v, want %v", got, want)
	}
}
