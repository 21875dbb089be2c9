package recommend

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"

	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
)

// The feature names of INCEpTION's external-recommender protocol.
const (
	FeaturePredicted       = "inception_internal_predicted"
	SuffixScore            = "_score"
	SuffixScoreExplanation = "_score_explanation"
	tokenType              = "de.tudarmstadt.ukp.dkpro.core.api.segmentation.type.Token"
)

// ErrNoLayer is returned when the requested layer is not a type of the CAS.
var ErrNoLayer = errors.New("recommend: the layer is not in the type system")

// Target names where predictions go: a layer (full type name) and its
// label feature. Predicted marks each prediction with the protocol's
// inception_internal_predicted feature and scores; annotate leaves it
// false and marks predictions by Marker instead.
type Target struct {
	Layer, Feature string
	// Predicted adds inception_internal_predicted=true and, where the
	// type declares them, <feature>_score and <feature>_score_explanation.
	Predicted bool
	// AnchorTokens widens each prediction to the token boundaries around
	// it when the CAS has tokens (INCEpTION's token anchoring mode).
	AnchorTokens bool
	// Extra sets further string features on every prediction that the
	// layer declares (annotate marks its predictions this way).
	Extra map[string]string
}

// CASText returns the main sofa's id, view and text.
func CASText(c *cas.CAS) (sofa int, view *cas.View, text string, err error) {
	s, err := c.MainSofa()
	if err != nil {
		return 0, nil, "", fmt.Errorf("recommend: %w", err)
	}
	text, err = cas.SofaText(s)
	if err != nil {
		return 0, nil, "", fmt.Errorf("recommend: %w", err)
	}
	for _, v := range c.Views {
		if v.Sofa == s.ID {
			view = v
			break
		}
	}
	return s.ID, view, text, nil
}

// Existing returns the annotations of the target layer on the main sofa as
// byte-offset spans (kind left empty), so that predictions never overlap
// what an annotator already marked.
func Existing(c *cas.CAS, sofa int, ix *document.Index, layer string) []document.Span {
	var out []document.Span
	for _, f := range c.FS {
		if f.Type != layer {
			continue
		}
		if id, ok := f.RefID("sofa"); ok && id != sofa {
			continue
		}
		b16, ok1 := f.Int("begin")
		e16, ok2 := f.Int("end")
		if !ok1 || !ok2 || b16 < 0 || e16 < b16 || e16 > ix.Len16() {
			continue
		}
		b, err1 := ix.FromUTF16(b16)
		e, err2 := ix.FromUTF16(e16)
		if err1 != nil || err2 != nil {
			continue
		}
		out = append(out, document.Span{Begin: b, End: e, Ref: f.ID})
	}
	return out
}

// AddToCAS adds preds (byte offsets into the main sofa's text) to c as
// annotations of t.Layer and returns the feature structures added, one per
// prediction kept (predictions that token anchoring makes overlap an
// earlier one are dropped), with the prediction each came from.
func AddToCAS(c *cas.CAS, t Target, preds []Prediction) ([]Added, error) {
	sofa, view, text, err := CASText(c)
	if err != nil {
		return nil, err
	}
	td := c.Type(t.Layer)
	if td == nil {
		return nil, ErrNoLayer
	}
	has := map[string]bool{}
	for d := td; d != nil; d = c.Type(d.Super) {
		for _, f := range d.Features {
			has[f.Name] = true
		}
		if d.Super == d.Name {
			break
		}
	}
	ix := document.NewIndex(text)
	var toks [][2]int
	if t.AnchorTokens {
		toks = tokens(c, sofa)
	}
	id := c.NextID()
	var added []Added
	for _, q := range place(ix, len(text), toks, preds) {
		f := predictionFS(id, sofa, t, q, func(name string) bool { return has[name] })
		id++
		c.Add(f, view)
		added = append(added, Added{FS: f, Prediction: q.p})
	}
	return added, nil
}

// predictionFS returns the feature structure of a placed prediction, with
// id, on the given sofa (has: the features the layer declares).
func predictionFS(id, sofa int, t Target, q placed, has func(string) bool) *cas.FS {
	f := &cas.FS{ID: id, Type: t.Layer}
	f.Set("sofa", true, json.RawMessage(strconv.Itoa(sofa)))
	f.SetInt("begin", q.b16)
	f.SetInt("end", q.e16)
	for _, kv := range predictionFeatures(t, q.p, has) {
		if kv[0] == FeaturePredicted || kv[0] == t.Feature+SuffixScore {
			f.Set(kv[0], false, json.RawMessage(kv[1]))
		} else {
			f.SetString(kv[0], kv[1])
		}
	}
	return f
}

// placed is a prediction at UTF-16 offsets of the text.
type placed struct {
	b16, e16 int
	p        Prediction
}

// place converts preds (byte offsets into ix's text, sorted) to UTF-16
// offsets (n is the text's length in bytes), widened to the tokens' boundaries when toks (sorted UTF-16
// token ranges) is not empty, and drops those that token anchoring makes
// overlap an earlier one.
func place(ix *document.Index, n int, toks [][2]int, preds []Prediction) []placed {
	var out []placed
	lastEnd := -1
	for _, p := range preds {
		if p.Begin < 0 || p.End > n || p.End <= p.Begin {
			continue
		}
		b16, e16 := ix.ToUTF16(p.Begin), ix.ToUTF16(p.End)
		if len(toks) > 0 {
			b16, e16 = anchor(toks, b16, e16)
		}
		if b16 < lastEnd {
			continue
		}
		lastEnd = e16
		out = append(out, placed{b16, e16, p})
	}
	return out
}

// predictionFeatures returns the features of a prediction besides sofa,
// begin and end, as name and value in XMI attribute form: the label, and
// with t.Predicted the protocol's marks that the layer declares (has),
// then t.Extra's features that it declares, by name.
func predictionFeatures(t Target, p Prediction, has func(string) bool) [][2]string {
	out := [][2]string{{t.Feature, string(p.Kind)}}
	if t.Predicted && has(FeaturePredicted) {
		out = append(out, [2]string{FeaturePredicted, "true"})
		if has(t.Feature + SuffixScore) {
			out = append(out, [2]string{t.Feature + SuffixScore, strconv.FormatFloat(p.Score, 'f', 2, 64)})
		}
		if has(t.Feature + SuffixScoreExplanation) {
			out = append(out, [2]string{t.Feature + SuffixScoreExplanation, "surrogator rule " + p.Rule})
		}
	}
	extra := make([]string, 0, len(t.Extra))
	for k := range t.Extra {
		if has(k) {
			extra = append(extra, k)
		}
	}
	sort.Strings(extra)
	for _, k := range extra {
		out = append(out, [2]string{k, t.Extra[k]})
	}
	return out
}

// Added is one prediction AddToCAS added and its feature structure.
type Added struct {
	FS         *cas.FS
	Prediction Prediction
}

// tokens returns the sorted UTF-16 ranges of the main sofa's tokens.
func tokens(c *cas.CAS, sofa int) [][2]int {
	var out [][2]int
	for _, f := range c.FS {
		if f.Type != tokenType {
			continue
		}
		if id, ok := f.RefID("sofa"); ok && id != sofa {
			continue
		}
		b, ok1 := f.Int("begin")
		e, ok2 := f.Int("end")
		if ok1 && ok2 && b < e {
			out = append(out, [2]int{b, e})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i][0] < out[j][0] })
	return out
}

// anchor widens [b, e) to the boundaries of the tokens it touches.
func anchor(toks [][2]int, b, e int) (int, int) {
	// the last token starting at or before b
	i := sort.Search(len(toks), func(i int) bool { return toks[i][0] > b }) - 1
	if i >= 0 && toks[i][1] > b {
		b = toks[i][0]
	}
	// the last token starting before e
	j := sort.Search(len(toks), func(i int) bool { return toks[i][0] >= e }) - 1
	if j >= 0 && toks[j][1] > e {
		e = toks[j][1]
	}
	return b, e
}
