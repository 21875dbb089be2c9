package casjson_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
)

// sameOriginal reads data with ReadPHI and ReadOriginal and fails unless
// both accept or refuse it alike (the same error) and return the same
// document; when data is read, it splices a new annotation (of a new type
// and, when the input declares a type, with a feature added to the first)
// with AppendAdded and fails unless the result decodes to the CAS that
// adding the same to the decoded input gives.
func sameOriginal(t *testing.T, rd *casjson.Reader, data []byte, cfg cas.PHIConfig) {
	t.Helper()
	want, errW := rd.ReadPHI(data, cfg)
	got, errG := rd.ReadOriginal(data, cfg)
	if (errW == nil) != (errG == nil) || errW != nil && errW.Error() != errG.Error() {
		t.Fatalf("cfg %+v: ReadPHI error %v, ReadOriginal error %v", cfg, errW, errG)
	}
	if errW != nil {
		return
	}
	o, ok := got.Layers.(*casjson.Original)
	if !ok || got.Name != want.Name || got.Text != want.Text || !reflect.DeepEqual(got.Spans, want.Spans) {
		t.Fatalf("cfg %+v: ReadOriginal's document differs from ReadPHI's", cfg)
	}
	// the reference: the decoded input with the same additions
	c, err := casjson.ReadCAS(data)
	if err != nil {
		t.Fatalf("ReadCAS refuses what ReadPHI reads: %v", err)
	}
	main, err := c.MainSofa()
	if err != nil || main.ID != o.Sofa() || c.NextID() != o.NextID() {
		t.Fatalf("main sofa or next id differ (%v)", err)
	}
	var defs []*cas.TypeDef
	if len(c.Types) > 0 {
		defs = append(defs, &cas.TypeDef{Name: c.Types[0].Name, Features: []cas.FeatureDef{{Name: "spliceAdded", Range: "uima.cas.Integer"}}})
	}
	defs = append(defs, &cas.TypeDef{Name: "splice.Added", Super: cas.TypeAnnotation, Features: []cas.FeatureDef{{Name: "kind", Range: "uima.cas.String"}}})
	var fss []*cas.FS
	for i := 0; i < 2; i++ {
		f := &cas.FS{ID: o.NextID() + i, Type: "splice.Added"}
		f.Set("sofa", true, json.RawMessage(strconv.Itoa(o.Sofa())))
		f.SetInt("begin", 0)
		f.SetInt("end", i)
		f.SetString("kind", "NAME_\"x\"\n")
		fss = append(fss, f)
	}
	spliced, err := o.AppendAdded(nil, defs, fss)
	if err != nil {
		t.Fatal(err)
	}
	var view *cas.View
	for _, v := range c.Views {
		if v.Sofa == main.ID {
			view = v
			break
		}
	}
	for _, f := range fss {
		c.Add(f, view)
	}
	if len(c.Types) > 0 && !hasFeat(c.Types[0], "spliceAdded") {
		c.Types[0].Features = append(c.Types[0].Features, defs[0].Features...)
	}
	c.Types = append(c.Types, defs[len(defs)-1])
	back, err := casjson.ReadCAS(spliced)
	if err != nil {
		t.Fatalf("the spliced document does not decode: %v", err)
	}
	if !bytes.Equal(canonicalCAS(back), canonicalCAS(c)) {
		t.Fatalf("the spliced document decodes to another CAS than the decoded one with the additions")
	}
}

func hasFeat(t *cas.TypeDef, name string) bool {
	for _, f := range t.Features {
		if f.Name == name {
			return true
		}
	}
	return false
}

// canonicalCAS encodes c with every type written from its definition.
func canonicalCAS(c *cas.CAS) []byte {
	for _, t := range c.Types {
		t.Raw = nil
	}
	return casjson.AppendCAS(nil, c)
}

// TestReadOriginalShared: the shared letters and the INCEpTION export's
// documents, read by ReadOriginal and spliced.
func TestReadOriginalShared(t *testing.T) {
	files := testutil.GrasccoCAS(t)
	files = append(files, testutil.ProjectCAS(t)...)
	for _, f := range files {
		sameOriginal(t, casjson.NewReader(), f.Data, cas.PHIConfig{})
	}
}

// FuzzReadOriginal holds ReadOriginal to ReadPHI and AppendAdded to
// adding to the decoded CAS (sameOriginal).
func FuzzReadOriginal(f *testing.F) {
	if b, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "cas", "mini.json")); err == nil {
		f.Add(b)
	}
	for _, tt := range adversarial {
		f.Add([]byte(tt.data))
	}
	f.Add([]byte(`{"%FEATURE_STRUCTURES":[{"%ID":1,"%TYPE":"uima.cas.Sofa","sofaString":"ab"}],"%VIEWS":{"_InitialView":{"%SOFA":1}}}`))
	f.Add([]byte(`{"%TYPES":{},"%FEATURE_STRUCTURES":[{"%ID":1,"%TYPE":"uima.cas.Sofa","sofaString":"ab"}],"%VIEWS":{"_InitialView":{"%SOFA":1,"%MEMBERS":[ ]}}}`))
	rd := casjson.NewReader()
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, cfg := range phiConfigs[:2] {
			sameOriginal(t, rd, data, cfg)
		}
	})
}
