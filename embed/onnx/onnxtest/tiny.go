// Package onnxtest builds a tiny sentence-transformer model (model.onnx and
// tokenizer.json) for tests of the ONNX backend and of everything that
// stores its vectors (osmbuild packs), with an independent float64
// reference of the vectors the model must produce.
package onnxtest

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"google.golang.org/protobuf/encoding/protowire"
)

// TinyModel is a toy sentence transformer written as an ONNX file by the
// tests themselves: last_hidden_state = tanh((E[input_ids] (+ T[token_type_ids])) · W).
type TinyModel struct {
	vocab     []string // token strings; the id is the index
	d0, dim   int
	e, tt, w  []float32 // E [V,d0], T [2,d0] (nil: no token_type_ids input), W [d0,dim]
	unigram   bool      // XLM-R-style tokenizer (<s> … </s>, ▁ pieces) instead of BERT-style
	pad       int64
	prefix    int64
	suffix    int64
	maxLength int
	Extra     string // an additional (unused) int64 graph input
}

// ModelFile and TokenizerFile are the file names the onnx backend reads
// (onnx.ModelFile, onnx.TokenizerFile; this package cannot import it, its
// own tests import this one).
const (
	ModelFile     = "model.onnx"
	TokenizerFile = "tokenizer.json"
)

// RuntimeLib returns the ONNX Runtime library named by ONNXRUNTIME_LIB or
// skips the test, saying why.
func RuntimeLib(t testing.TB) string {
	t.Helper()
	lib := os.Getenv("ONNXRUNTIME_LIB")
	if lib == "" {
		t.Skip("ONNXRUNTIME_LIB not set: needs libonnxruntime.so.1 from the npm package onnxruntime-node@1.24.3 (bin/napi-v6/linux/x64)")
	}
	if _, err := os.Stat(lib); err != nil {
		t.Skipf("ONNXRUNTIME_LIB=%s absent: %v", lib, err)
	}
	return lib
}

// Dim is the length of the model's sentence vectors.
func (m *TinyModel) Dim() int { return m.dim }

// invented words for the tiny vocabularies
var tinyWords = []string{"klinik", "lindenau", "uni", "station", "nord", "praxis", "kramp", "reha", "zentrum",
	"am", "kurpark", "apotheke", "markt", "amtsgericht", "wettersfeld", "bäckerei", "pfiffig"}

func NewTinyModel(seed uint64, unigram, tokenTypes bool) *TinyModel {
	r := rand.New(rand.NewPCG(seed, 99))
	m := &TinyModel{d0: 12, dim: 8, unigram: unigram, maxLength: 16}
	if unigram {
		m.vocab = []string{"<s>", "<pad>", "</s>", "<unk>"}
		for _, w := range tinyWords {
			m.vocab = append(m.vocab, "▁"+w)
		}
		m.pad, m.prefix, m.suffix = 1, 0, 2
	} else {
		m.vocab = []string{"[PAD]", "[UNK]", "[CLS]", "[SEP]"}
		m.vocab = append(m.vocab, tinyWords...)
		m.pad, m.prefix, m.suffix = 0, 2, 3
	}
	fill := func(n int) []float32 {
		v := make([]float32, n)
		for i := range v {
			v[i] = float32(r.NormFloat64())
		}
		return v
	}
	m.e = fill(len(m.vocab) * m.d0)
	if tokenTypes {
		m.tt = fill(2 * m.d0)
	}
	m.w = fill(m.d0 * m.dim)
	for i := range m.w {
		m.w[i] *= 0.3
	}
	return m
}

// IDs is the test's own tokenisation: lower-cased words that are whole
// vocabulary entries, unknown words → unk, truncated to maxLength.
func (m *TinyModel) IDs(text string) []int64 {
	unk := int64(1)
	if m.unigram {
		unk = 3
	}
	out := []int64{m.prefix}
	for _, w := range strings.Fields(strings.ToLower(text)) {
		if m.unigram {
			w = "▁" + w
		}
		id := unk
		for i, v := range m.vocab {
			if v == w {
				id = int64(i)
			}
		}
		out = append(out, id)
	}
	if len(out) > m.maxLength-1 {
		out = out[:m.maxLength-1]
	}
	return append(out, m.suffix)
}

// Reference computes the expected sentence vector in float64: the tiny
// model's hidden states for the unpadded sequence, averaged, normalised.
func (m *TinyModel) Reference(text string) []float32 {
	ids := m.IDs(text)
	sum := make([]float64, m.dim)
	for _, id := range ids {
		x := make([]float64, m.d0)
		for j := range x {
			x[j] = float64(m.e[int(id)*m.d0+j])
			if m.tt != nil {
				x[j] += float64(m.tt[j]) // token type 0
			}
		}
		for k := 0; k < m.dim; k++ {
			var h float64
			for j := 0; j < m.d0; j++ {
				h += x[j] * float64(m.w[j*m.dim+k])
			}
			sum[k] += math.Tanh(h)
		}
	}
	var n float64
	for k := range sum {
		sum[k] /= float64(len(ids))
		n += sum[k] * sum[k]
	}
	out := make([]float32, m.dim)
	for k := range sum {
		out[k] = float32(sum[k] / math.Sqrt(n))
	}
	return out
}

// Write puts model.onnx and tokenizer.json into dir.
func (m *TinyModel) Write(dir string) error {
	tok, err := m.tokenizerJSON()
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, ModelFile), m.onnx(), 0o644); err != nil {
		return fmt.Errorf("onnxtest: %w", err)
	}
	if err := os.WriteFile(filepath.Join(dir, TokenizerFile), tok, 0o644); err != nil {
		return fmt.Errorf("onnxtest: %w", err)
	}
	return nil
}

// MustWrite is Write that fails the test on error.
func (m *TinyModel) MustWrite(t testing.TB, dir string) {
	t.Helper()
	if err := m.Write(dir); err != nil {
		t.Fatal(err)
	}
}

func (m *TinyModel) tokenizerJSON() ([]byte, error) {
	var f map[string]any
	if m.unigram {
		var vocab [][]any
		for i, v := range m.vocab {
			vocab = append(vocab, []any{v, -float64(i)})
		}
		f = map[string]any{
			"normalizer": map[string]any{"type": "Lowercase"},
			"pre_tokenizer": map[string]any{"type": "Sequence", "pretokenizers": []any{
				map[string]any{"type": "WhitespaceSplit"},
				map[string]any{"type": "Metaspace", "replacement": "▁", "prepend_scheme": "always", "split": true}}},
			"post_processor": map[string]any{"type": "TemplateProcessing",
				"single": []any{map[string]any{"SpecialToken": map[string]any{"id": "<s>"}}, map[string]any{"Sequence": map[string]any{"id": "A"}},
					map[string]any{"SpecialToken": map[string]any{"id": "</s>"}}},
				"special_tokens": map[string]any{"<s>": map[string]any{"ids": []int{0}}, "</s>": map[string]any{"ids": []int{2}}}},
			"model": map[string]any{"type": "Unigram", "unk_id": 3, "vocab": vocab},
		}
	} else {
		vocab := map[string]int{}
		for i, v := range m.vocab {
			vocab[v] = i
		}
		f = map[string]any{
			"normalizer":     map[string]any{"type": "BertNormalizer", "clean_text": true, "handle_chinese_chars": true, "strip_accents": false, "lowercase": true},
			"pre_tokenizer":  map[string]any{"type": "BertPreTokenizer"},
			"post_processor": map[string]any{"type": "BertProcessing", "sep": []any{"[SEP]", 3}, "cls": []any{"[CLS]", 2}},
			"model":          map[string]any{"type": "WordPiece", "unk_token": "[UNK]", "vocab": vocab},
		}
	}
	f["truncation"] = map[string]any{"max_length": m.maxLength}
	b, err := json.Marshal(f)
	if err != nil {
		return nil, fmt.Errorf("onnxtest: tokenizer: %w", err)
	}
	return b, nil
}

// ONNX protobuf field numbers (onnx.proto3).
const (
	modelIRVersion = 1
	modelProducer  = 2
	modelGraph     = 7
	modelOpset     = 8
	opsetVersion   = 2
	graphNode      = 1
	graphName      = 2
	graphInit      = 5
	graphInput     = 11
	graphOutput    = 12
	nodeInput      = 1
	nodeOutput     = 2
	nodeName       = 3
	nodeOpType     = 4
	tensorDims     = 1
	tensorDataType = 2
	tensorName     = 8
	tensorRawData  = 9
	valueName      = 1
	valueType      = 2
	typeTensor     = 1
	ttElemType     = 1
	ttShape        = 2
	shapeDim       = 1
	dimValue       = 1
	dimParam       = 2
	dataTypeFloat  = 1
	dataTypeInt64  = 7
)

func pbBytes(b []byte, field protowire.Number, v []byte) []byte {
	b = protowire.AppendTag(b, field, protowire.BytesType)
	return protowire.AppendBytes(b, v)
}

func pbVarint(b []byte, field protowire.Number, v uint64) []byte {
	b = protowire.AppendTag(b, field, protowire.VarintType)
	return protowire.AppendVarint(b, v)
}

func floatTensor(name string, data []float32, dims ...int64) []byte {
	var b []byte
	for _, d := range dims {
		b = pbVarint(b, tensorDims, uint64(d))
	}
	b = pbVarint(b, tensorDataType, dataTypeFloat)
	b = pbBytes(b, tensorName, []byte(name))
	raw := make([]byte, 4*len(data))
	for i, x := range data {
		binary.LittleEndian.PutUint32(raw[4*i:], math.Float32bits(x))
	}
	return pbBytes(b, tensorRawData, raw)
}

// valueInfo: dims are "name" (symbolic) or a fixed size.
func valueInfo(name string, elem uint64, dims ...any) []byte {
	var shape []byte
	for _, d := range dims {
		var dim []byte
		switch d := d.(type) {
		case string:
			dim = pbBytes(dim, dimParam, []byte(d))
		case int:
			dim = pbVarint(dim, dimValue, uint64(d))
		}
		shape = pbBytes(shape, shapeDim, dim)
	}
	tt := pbVarint(nil, ttElemType, elem)
	tt = pbBytes(tt, ttShape, shape)
	typ := pbBytes(nil, typeTensor, tt)
	v := pbBytes(nil, valueName, []byte(name))
	return pbBytes(v, valueType, typ)
}

func node(op, name string, inputs []string, outputs ...string) []byte {
	var b []byte
	for _, in := range inputs {
		b = pbBytes(b, nodeInput, []byte(in))
	}
	for _, out := range outputs {
		b = pbBytes(b, nodeOutput, []byte(out))
	}
	b = pbBytes(b, nodeName, []byte(name))
	return pbBytes(b, nodeOpType, []byte(op))
}

// onnx serialises the model (IR 8, opset 13).
func (m *TinyModel) onnx() []byte {
	var g []byte
	x := "embedded"
	g = pbBytes(g, graphNode, node("Gather", "gather_tokens", []string{"E", "input_ids"}, x))
	if m.tt != nil {
		g = pbBytes(g, graphNode, node("Gather", "gather_types", []string{"T", "token_type_ids"}, "typed"))
		g = pbBytes(g, graphNode, node("Add", "add_types", []string{x, "typed"}, "summed"))
		x = "summed"
	}
	g = pbBytes(g, graphNode, node("MatMul", "project", []string{x, "W"}, "projected"))
	g = pbBytes(g, graphNode, node("Tanh", "activate", []string{"projected"}, "last_hidden_state"))
	g = pbBytes(g, graphName, []byte("tiny_sentence_transformer"))
	g = pbBytes(g, graphInit, floatTensor("E", m.e, int64(len(m.vocab)), int64(m.d0)))
	if m.tt != nil {
		g = pbBytes(g, graphInit, floatTensor("T", m.tt, 2, int64(m.d0)))
	}
	g = pbBytes(g, graphInit, floatTensor("W", m.w, int64(m.d0), int64(m.dim)))
	g = pbBytes(g, graphInput, valueInfo("input_ids", dataTypeInt64, "batch", "sequence"))
	g = pbBytes(g, graphInput, valueInfo("attention_mask", dataTypeInt64, "batch", "sequence"))
	if m.tt != nil {
		g = pbBytes(g, graphInput, valueInfo("token_type_ids", dataTypeInt64, "batch", "sequence"))
	}
	if m.Extra != "" {
		g = pbBytes(g, graphInput, valueInfo(m.Extra, dataTypeInt64, "batch", "sequence"))
	}
	g = pbBytes(g, graphOutput, valueInfo("last_hidden_state", dataTypeFloat, "batch", "sequence", m.dim))

	var b []byte
	b = pbVarint(b, modelIRVersion, 8)
	b = pbBytes(b, modelProducer, []byte("surrogator-embed-test"))
	b = pbBytes(b, modelGraph, g)
	return pbBytes(b, modelOpset, pbVarint(nil, opsetVersion, 13))
}
