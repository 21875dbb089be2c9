package recommend

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats/brat"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
	"github.com/surrogator/surrogator/surrogator/formats/jsonl"
	"github.com/surrogator/surrogator/surrogator/formats/xmi"
)

// MarkFeature and ScoreFeature mark a prediction that annotate added: a
// Boolean and a Double feature declared on the PHI type of every CAS that
// annotate writes (declare them on the PHI layer of the INCEpTION project
// to keep them after import), a "surrogator_predicted" field with the
// score on a JSON Lines span, and an AnnotatorNotes line on a BRAT span.
const (
	MarkFeature  = "surrogator_predicted"
	ScoreFeature = "surrogator_score"
)

// Output is one file annotate writes for a document.
type Output struct {
	// Rel is the path below the project's output folder (slash-separated).
	Rel string
	// Data is the content; Append marks a line to append to Rel (JSON
	// Lines: one file for the documents of one input file).
	Data   []byte
	Append bool
	// Shared marks a file that is the same for the documents of a folder
	// (TypeSystem.xml beside XMI documents): a writer that has written
	// the same bytes to Rel before need not write them again. Its Data
	// may be shared between documents (read-only).
	Shared bool
}

// Annotated is what Annotate made of one document.
type Annotated struct {
	Outputs     []Output
	Predictions []Prediction
}

// Annotate predicts PII in d (next to its existing annotations, which are
// kept) and encodes d with the predictions in its own format: CAS JSON as
// CAS JSON, XMI as XMI (TypeSystem.xml beside it), a document of an
// INCEpTION export as CAS JSON for import as initial annotation, JSON
// Lines as one line, BRAT as .txt + .ann. phi names the PHI layer.
func (p *Predictor) Annotate(d *document.Document, phi cas.PHIConfig) (*Annotated, error) {
	preds := p.Predict(d.Text, d.Spans)
	base := outName(d)
	switch lay := d.Layers.(type) {
	case *casjson.Original:
		data, err := annotateOriginal(d, lay, phi, preds, p.buf())
		if err != nil {
			return nil, err
		}
		return &Annotated{Predictions: preds, Outputs: []Output{{Rel: trimExt(base) + ".json", Data: data}}}, nil
	case *xmi.Original:
		x, ts, err := annotateXMIOriginal(d, lay, phi, preds, p.ts, p.buf())
		if err != nil {
			return nil, err
		}
		return &Annotated{Predictions: preds, Outputs: []Output{
			{Rel: trimExt(base) + ".xmi", Data: x},
			{Rel: path.Join(path.Dir(base), "TypeSystem.xml"), Data: ts, Shared: true},
		}}, nil
	case *cas.Layers:
		c := lay.CAS
		layer, feature := phiLayer(c, phi)
		markType(c, layer)
		added, err := AddToCAS(c, Target{Layer: layer, Feature: feature}, preds)
		if err != nil {
			return nil, err
		}
		for _, a := range added {
			markFS(a.FS, a.Prediction)
		}
		if d.Format == document.FormatXMI {
			var x, ts bytes.Buffer
			if err := xmi.Write(&x, c); err != nil {
				return nil, fmt.Errorf("recommend: %w", err)
			}
			if err := xmi.WriteTypeSystem(&ts, c.Types); err != nil {
				return nil, fmt.Errorf("recommend: %w", err)
			}
			dir := path.Dir(base)
			return &Annotated{Predictions: preds, Outputs: []Output{
				{Rel: trimExt(base) + ".xmi", Data: x.Bytes()},
				{Rel: path.Join(dir, "TypeSystem.xml"), Data: ts.Bytes(), Shared: true},
			}}, nil
		}
		return &Annotated{Predictions: preds, Outputs: []Output{{Rel: trimExt(base) + ".json", Data: casjson.AppendCAS(nil, c)}}}, nil
	}
	switch d.Format {
	case document.FormatJSONL:
		lay, _ := d.Layers.(*jsonl.Layers)
		if lay == nil {
			lay = &jsonl.Layers{Fields: []jsonl.Field{{Key: "id"}, {Key: "text"}, {Key: "spans"}}}
			for i := range d.Spans {
				d.Spans[i].Ref = -1
			}
			d.Layers = lay
		}
		for _, q := range preds {
			lay.Spans = append(lay.Spans, []jsonl.Field{{Key: "begin"}, {Key: "end"}, {Key: "kind"},
				{Key: MarkFeature, Value: json.RawMessage(strconv.FormatFloat(q.Score, 'f', 2, 64))}})
			d.Spans = append(d.Spans, document.Span{Begin: q.Begin, End: q.End, Kind: q.Kind, Label: string(q.Kind), Ref: len(lay.Spans) - 1})
		}
		sortSpans(d.Spans)
		// the line keeps its own id: d.Name also holds the file's folder
		name := d.Name
		if lay.ID != nil {
			var v any
			if json.Unmarshal(lay.ID, &v) == nil {
				if s, ok := v.(string); ok {
					d.Name = s
				} else {
					d.Name = string(lay.ID)
				}
			}
		}
		line, err := jsonl.AppendLine(p.buf()[:0], d)
		d.Name = name
		if err != nil {
			return nil, fmt.Errorf("recommend: %w", err)
		}
		src := d.Source
		if src == "" {
			src = "documents.jsonl"
		}
		// the document's name holds its folder inside the project
		rel := path.Join(path.Dir(base), jsonlName(src))
		return &Annotated{Predictions: preds, Outputs: []Output{{Rel: rel, Data: line, Append: true}}}, nil
	default: // BRAT and anything text-based
		next := 1
		if lay, ok := d.Layers.(*brat.Layers); ok {
			for _, ln := range lay.Lines {
				if ln.TextBound && ln.Num >= next {
					next = ln.Num + 1
				}
			}
		} else {
			next += len(d.Spans)
		}
		// brat.Write numbers the spans it adds in d.Spans order after the
		// highest T number of the file: predictions go last, in order.
		for _, q := range preds {
			d.Spans = append(d.Spans, document.Span{Begin: q.Begin, End: q.End, Kind: q.Kind, Label: string(q.Kind), Ref: -1})
		}
		var txt, ann bytes.Buffer
		if err := brat.Write(&txt, &ann, d); err != nil {
			return nil, fmt.Errorf("recommend: %w", err)
		}
		for i, q := range preds {
			fmt.Fprintf(&ann, "#%d\tAnnotatorNotes T%d\t%s %.2f (%s)\n", i+1, next+i, MarkFeature, q.Score, q.Rule)
		}
		return &Annotated{Predictions: preds, Outputs: []Output{
			{Rel: trimExt(base) + ".txt", Data: txt.Bytes()},
			{Rel: trimExt(base) + ".ann", Data: ann.Bytes()},
		}}, nil
	}
}

// markFS marks a prediction's feature structure as annotate's.
func markFS(f *cas.FS, p Prediction) {
	f.Set(MarkFeature, false, json.RawMessage("true"))
	f.Set(ScoreFeature, false, json.RawMessage(strconv.FormatFloat(p.Score, 'f', 2, 64)))
}

// annotateOriginal is Annotate for a CAS JSON document read with its
// input bytes (formats.Options.KeepOriginal): the predictions are spliced
// into the input (casjson.Original.AppendAdded) instead of decoding and
// encoding the whole CAS, which gives what the CAS path gives (the same
// type, ids, features and view members; TestAnnotateOriginalEquivalent).
// The output is appended to dst[:0].
func annotateOriginal(d *document.Document, o *casjson.Original, phi cas.PHIConfig, preds []Prediction, dst []byte) ([]byte, error) {
	layer, feature, types := originalLayer(o.PHIType(), o.Types(), phi)
	var def *cas.TypeDef
	for _, td := range types {
		if td.Name == layer {
			def = td // AppendAdded adds what the input's definition lacks
		}
	}
	t := Target{Layer: layer, Feature: feature}
	ix := document.NewIndex(d.Text)
	pl := place(ix, len(d.Text), nil, preds)
	fss := make([]*cas.FS, len(pl))
	id := o.NextID()
	for i, q := range pl {
		fss[i] = predictionFS(id+i, o.Sofa(), t, q, nil)
		markFS(fss[i], q.p)
	}
	out, err := o.AppendAdded(dst[:0], []*cas.TypeDef{def}, fss)
	if err != nil {
		return nil, fmt.Errorf("recommend: %w", err)
	}
	return out, nil
}

// originalLayer is phiLayer and markType for a document read with its
// input (types: its type system, read-only): the layer, its label
// feature, and the type system with the layer's type declared and the
// marks added (new definitions where they change).
func originalLayer(first string, types []*cas.TypeDef, phi cas.PHIConfig) (layer, feature string, out []*cas.TypeDef) {
	feature = phi.Feature
	if feature == "" {
		feature = "kind"
	}
	layer = first
	if layer == "" {
		for _, t := range types {
			if phi.Match(t.Name) {
				layer = t.Name
				break
			}
		}
	}
	out = slices.Clip(types) // read-only: an append copies
	if !slices.ContainsFunc(out, func(t *cas.TypeDef) bool { return t.Name == layer }) {
		layer = phi.Type
		if layer == "" || !strings.Contains(layer, ".") {
			layer = cas.DefaultPHIType
		}
		out = append(out, &cas.TypeDef{Name: layer, Super: cas.TypeAnnotation,
			Features: []cas.FeatureDef{{Name: feature, Range: "uima.cas.String"}}})
	}
	c := &cas.CAS{Types: out}
	markType(c, layer) // on a copy of the definition
	return layer, feature, c.Types
}

// annotateXMIOriginal is Annotate for an XMI document read with its input
// (formats.Options.KeepOriginal): the predictions are spliced into the
// input (xmi.Scan.Splice) instead of decoding and encoding the CAS, which
// gives what the CAS path gives (TestAnnotateOriginalEquivalent); the
// type system is written as that path writes it (once for the documents
// that share their type definitions: tsc keeps the last one written).
// The XMI is appended to dst[:0].
func annotateXMIOriginal(d *document.Document, o *xmi.Original, phi cas.PHIConfig, preds []Prediction, tsc *typeSystemCache, dst []byte) (x, ts []byte, err error) {
	sc := o.Scan
	key := typeSystemKey{n: len(o.Types()), first: sc.LayerType, phi: phi}
	if key.n > 0 {
		key.types = &o.Types()[0]
	}
	layer, feature, types := originalLayer(sc.LayerType, o.Types(), phi)
	t := Target{Layer: layer, Feature: feature}
	ix := sc.Index()
	if sc.Text != d.Text { // never so far: the document's text is the scan's
		ix = document.NewIndex(d.Text)
	}
	pl := place(ix, len(d.Text), nil, preds)
	adds := make([]xmi.NewAnnotation, len(pl))
	for i, q := range pl {
		f := predictionFeatures(t, q.p, nil)
		f = append(f, [2]string{MarkFeature, "true"}, [2]string{ScoreFeature, strconv.FormatFloat(q.p.Score, 'f', 2, 64)})
		adds[i] = xmi.NewAnnotation{Begin: q.b16, End: q.e16, Features: f}
	}
	out, err := sc.AppendSplice(dst[:0], layer, adds)
	if err != nil {
		return nil, nil, fmt.Errorf("recommend: %w", err)
	}
	if ts = tsc.get(key); ts != nil {
		return out, ts, nil
	}
	var tsb bytes.Buffer
	if err := xmi.WriteTypeSystem(&tsb, types); err != nil {
		return nil, nil, fmt.Errorf("recommend: %w", err)
	}
	tsc.put(key, tsb.Bytes())
	return out, tsb.Bytes(), nil
}

func sortSpans(s []document.Span) {
	sort.SliceStable(s, func(i, j int) bool { return s[i].Begin < s[j].Begin })
}

// phiLayer returns the CAS's PHI type (the one its annotations use, else
// one the type system declares, else the default, which is then added)
// and the label feature.
func phiLayer(c *cas.CAS, phi cas.PHIConfig) (string, string) {
	feature := phi.Feature
	if feature == "" {
		feature = "kind"
	}
	for _, f := range c.FS {
		if phi.Match(f.Type) {
			return f.Type, feature
		}
	}
	for _, t := range c.Types {
		if phi.Match(t.Name) {
			return t.Name, feature
		}
	}
	name := phi.Type
	if name == "" || !strings.Contains(name, ".") {
		name = cas.DefaultPHIType
	}
	c.Types = append(c.Types, &cas.TypeDef{Name: name, Super: cas.TypeAnnotation,
		Features: []cas.FeatureDef{{Name: feature, Range: "uima.cas.String"}}})
	return name, feature
}

// markType declares MarkFeature and ScoreFeature on the layer's type: a
// copy in a copy of c.Types (a reader may share its type definitions
// between documents: casjson.Reader).
func markType(c *cas.CAS, layer string) {
	at := slices.IndexFunc(c.Types, func(t *cas.TypeDef) bool { return t.Name == layer })
	if at < 0 {
		return
	}
	td := *c.Types[at]
	td.Features = slices.Clone(td.Features)
	c.Types = slices.Clone(c.Types)
	c.Types[at] = &td
	has := map[string]bool{}
	for _, f := range td.Features {
		has[f.Name] = true
	}
	if !has[MarkFeature] {
		td.Features = append(td.Features, cas.FeatureDef{Name: MarkFeature, Range: "uima.cas.Boolean"})
	}
	if !has[ScoreFeature] {
		td.Features = append(td.Features, cas.FeatureDef{Name: ScoreFeature, Range: "uima.cas.Double"})
	}
	td.Raw = nil // written from Features from now on
}

// outName is the document's output path without extension logic: its name
// inside the project, made relative and slash-separated.
func outName(d *document.Document) string {
	n := strings.ReplaceAll(d.Name, "\\", "/")
	n = path.Clean("/" + n)[1:]
	if n == "" || n == "." {
		n = "document"
	}
	return n
}

func trimExt(p string) string {
	if e := path.Ext(p); e != "" && len(e) <= 6 && !strings.ContainsAny(e, " ") {
		return strings.TrimSuffix(p, e)
	}
	return p
}

// jsonlName is the output file of a JSON Lines document: its input
// file's base name (a document's Source is "<file> line <n>").
func jsonlName(src string) string {
	b := path.Base(strings.ReplaceAll(src, "\\", "/"))
	if i := strings.LastIndex(strings.ToLower(b), ".jsonl"); i >= 0 {
		return b[:i+len(".jsonl")]
	}
	return trimExt(b) + ".jsonl"
}
