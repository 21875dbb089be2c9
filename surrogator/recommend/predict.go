package recommend

import (
	"cmp"
	"slices"
	"sort"
	"sync"

	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/kinds"
	"github.com/surrogator/surrogator/surrogator/suspects"
)

// Prediction is one predicted PII span.
type Prediction struct {
	// Begin and End are byte offsets into the text.
	Begin, End int
	Kind       kinds.Kind
	// Score is the estimated precision of the rule that fired, in (0, 1].
	Score float64
	// Rule names the detector rule (never PII).
	Rule string
}

// Predictor predicts PII spans with a suspects.Detector.
type Predictor struct {
	det *suspects.Detector
	// MinScore drops predictions whose score is below it (a curator's
	// threshold); 0 keeps all.
	MinScore float64
	// KindMin, when set for a kind, overrides MinScore for that kind.
	KindMin map[kinds.Kind]float64
	// ts holds the last type system Annotate wrote for XMI documents
	// (nil: none kept, a Predictor made without NewPredictor)
	ts *typeSystemCache
	// bufs holds output buffers handed back by Release (nil: none kept)
	bufs *sync.Pool
}

// NewPredictor returns a predictor over det.
func NewPredictor(det *suspects.Detector) *Predictor {
	return &Predictor{det: det, ts: &typeSystemCache{}, bufs: &sync.Pool{}}
}

// maxPooled is the largest output buffer Release keeps.
const maxPooled = 16 << 20

// Release hands the buffers of a's outputs back to p, for the documents
// it annotates next: a writer calls it when it has written them (their
// Data must not be used after). Shared outputs stay with their owner.
func (p *Predictor) Release(a *Annotated) {
	if p.bufs == nil || a == nil {
		return
	}
	for i := range a.Outputs {
		o := &a.Outputs[i]
		if !o.Shared && cap(o.Data) > 0 && cap(o.Data) <= maxPooled {
			b := o.Data[:0]
			p.bufs.Put(&b)
		}
		o.Data = nil
	}
}

// buf returns an empty buffer for an output, one Release handed back
// when there is one.
func (p *Predictor) buf() []byte {
	if p.bufs == nil {
		return nil
	}
	if b, ok := p.bufs.Get().(*[]byte); ok {
		return *b
	}
	return nil
}

// typeSystemCache keeps the TypeSystem.xml that Annotate wrote last for
// the XMI documents of a folder: they share their type system (read
// once for the folder), so the file is the same for each of them.
type typeSystemCache struct {
	mu  sync.Mutex
	key typeSystemKey
	xml []byte
}

// typeSystemKey names what annotateXMIOriginal's type system is made of:
// the folder's type definitions (by the identity of the slice's array:
// they are read-only), the layer the scan found and the PHI
// configuration.
type typeSystemKey struct {
	types **cas.TypeDef
	n     int
	first string
	phi   cas.PHIConfig
}

// get returns the cached type system of k, or nil.
func (c *typeSystemCache) get(k typeSystemKey) []byte {
	if c == nil || k.types == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.key == k {
		return c.xml
	}
	return nil
}

func (c *typeSystemCache) put(k typeSystemKey, xml []byte) {
	if c == nil || k.types == nil {
		return
	}
	c.mu.Lock()
	c.key, c.xml = k, xml
	c.mu.Unlock()
}

// Predict returns the predicted spans of text that do not overlap an
// existing annotation, sorted by position. Existing annotations also let
// the detector find unannotated repeats of annotated strings.
func (p *Predictor) Predict(text string, existing []document.Span) []Prediction {
	sus, more := p.det.DetectWithRepeats(text, existing, func(first []suspects.Suspect) []document.Span {
		return seenSpans(existing, first)
	})
	sus = append(sus, more...)
	ov := newIntervals(existing)
	out := make([]Prediction, 0, len(sus))
	for _, s := range sus {
		if s.End <= s.Begin || ov.overlaps(s.Begin, s.End) {
			continue
		}
		sc := Score(s.Kind, s.Rule)
		min := p.MinScore
		if m, ok := p.KindMin[s.Kind]; ok {
			min = m
		}
		if sc < min {
			continue
		}
		out = append(out, Prediction{Begin: s.Begin, End: s.End, Kind: s.Kind, Score: sc, Rule: s.Rule})
	}
	slices.SortFunc(out, func(a, b Prediction) int {
		if a.Begin != b.Begin {
			return cmp.Compare(a.Begin, b.Begin)
		}
		return cmp.Compare(b.End, a.End)
	})
	// the detector's suspects do not overlap each other; keep it so
	kept := out[:0]
	end := -1
	for _, q := range out {
		if q.Begin < end {
			continue
		}
		kept = append(kept, q)
		end = q.End
	}
	return kept
}

// seenSpans are the spans of a second detector pass: a pre-annotator's
// second pass treats the first pass's names and places as if they were
// annotated, so that the detector's repeat rule finds their other
// spellings ("ALBERS", "Albers'", the surname alone).
func seenSpans(existing []document.Span, sus []suspects.Suspect) []document.Span {
	seen := make([]document.Span, 0, len(existing)+len(sus))
	seen = append(seen, existing...)
	for _, s := range sus {
		seen = append(seen, document.Span{Begin: s.Begin, End: s.End, Kind: s.Kind, Label: string(s.Kind), Ref: -1})
	}
	return seen
}

// intervals answers overlap queries against a set of spans in O(log n).
type intervals struct{ b, e []int } // merged, sorted, disjoint

func newIntervals(spans []document.Span) intervals {
	iv := make([][2]int, 0, len(spans))
	for _, s := range spans {
		if s.End > s.Begin {
			iv = append(iv, [2]int{s.Begin, s.End})
		}
	}
	slices.SortFunc(iv, func(x, y [2]int) int { return cmp.Compare(x[0], y[0]) })
	out := intervals{b: make([]int, 0, len(iv)), e: make([]int, 0, len(iv))}
	for _, x := range iv {
		if n := len(out.b); n > 0 && x[0] <= out.e[n-1] {
			out.e[n-1] = max(out.e[n-1], x[1])
			continue
		}
		out.b, out.e = append(out.b, x[0]), append(out.e, x[1])
	}
	return out
}

// overlaps reports whether [b, e) overlaps one of the intervals.
func (iv intervals) overlaps(b, e int) bool {
	// the first interval ending after b
	i := sort.SearchInts(iv.e, b+1)
	return i < len(iv.b) && iv.b[i] < e
}
