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
	lastEnd := -1
	for _, p := range preds {
		if p.Begin < 0 || p.End > len(text) || p.End <= p.Begin {
			continue
		}
		b16, e16 := ix.ToUTF16(p.Begin), ix.ToUTF16(p.End)
		if len(toks) > 0 {
			b16, e16 = anchor(toks, b16, e16)
		}
		if b16 < lastEnd {
			continue
		}
		f := &cas.FS{ID: id, Type: t.Layer}
		id++
		f.Set("sofa", true, json.RawMessage(strconv.Itoa(sofa)))
		f.SetInt("begin", b16)
		f.SetInt("end", e16)
		f.SetString(t.Feature, string(p.Kind))
		if t.Predicted && has[FeaturePredicted] {
			f.Set(FeaturePredicted, false, json.RawMessage("true"))
			if has[t.Feature+SuffixScore] {
				f.Set(t.Feature+SuffixScore, false, json.RawMessage(strconv.FormatFloat(p.Score, 'f', 2, 64)))
			}
			if has[t.Feature+SuffixScoreExplanation] {
				f.SetString(t.Feature+SuffixScoreExplanation, "surrogator rule "+p.Rule)
			}
		}
		for k, v := range t.Extra {
			if has[k] {
				f.SetString(k, v)
			}
		}
		c.Add(f, view)
		lastEnd = e16
		added = append(added, Added{FS: f, Prediction: p})
	}
	return added, nil
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
