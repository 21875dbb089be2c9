//go:build cgo

package onnx

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"

	ort "github.com/yalue/onnxruntime_go"

	"github.com/surrogator/surrogator/embed"
	"github.com/surrogator/surrogator/embed/tokenizer"
)

// envMu serialises the one-time initialisation of the ONNX Runtime
// environment, which the runtime keeps per process.
var envMu sync.Mutex

func initRuntime(lib string) error {
	envMu.Lock()
	defer envMu.Unlock()
	if ort.IsInitialized() {
		return nil
	}
	if lib == "" {
		return errors.New("onnx: no ONNX Runtime library given (libonnxruntime.so from the npm package onnxruntime-node)")
	}
	if _, err := os.Stat(lib); err != nil {
		return fmt.Errorf("onnx: runtime library: %w", err)
	}
	ort.SetSharedLibraryPath(lib)
	if err := ort.InitializeEnvironment(ort.WithLogLevelError()); err != nil {
		return fmt.Errorf("onnx: initialise runtime %s: %w", filepath.Base(lib), err)
	}
	return nil
}

// Embedder runs a sentence-transformer model: tokenizer.json in Go, the
// transformer in ONNX Runtime, mean pooling over the attention mask, L2
// normalisation. Embed is safe for concurrent use; Close releases the
// session and must not run concurrently with Embed.
type Embedder struct {
	tok     *tokenizer.Tokenizer
	sess    *ort.DynamicAdvancedSession
	inputs  []string // ONNX input names, in session order
	dim     int
	batch   int
	version string
}

// New loads dir/model.onnx and dir/tokenizer.json.
func New(dir string, opt Options) (*Embedder, error) {
	if err := initRuntime(opt.Library); err != nil {
		return nil, err
	}
	modelPath := filepath.Join(dir, ModelFile)
	tokPath := filepath.Join(dir, TokenizerFile)
	tok, err := tokenizer.Load(tokPath, tokenizer.Options{MaxLength: opt.MaxLength})
	if err != nil {
		return nil, fmt.Errorf("onnx: %w", err)
	}
	ins, outs, err := ort.GetInputOutputInfo(modelPath)
	if err != nil {
		return nil, fmt.Errorf("onnx: read %s: %w", ModelFile, err)
	}
	e := &Embedder{tok: tok, batch: opt.BatchSize}
	if e.batch <= 0 {
		e.batch = 32
	}
	hasIDs, hasMask := false, false
	for _, in := range ins {
		switch in.Name {
		case "input_ids":
			hasIDs = true
		case "attention_mask":
			hasMask = true
		case "token_type_ids":
		default:
			return nil, fmt.Errorf("onnx: model input %q not supported (input_ids, attention_mask, token_type_ids)", in.Name)
		}
		if in.DataType != ort.TensorElementDataTypeInt64 {
			return nil, fmt.Errorf("onnx: model input %q is %v, want int64", in.Name, in.DataType)
		}
		e.inputs = append(e.inputs, in.Name)
	}
	if !hasIDs || !hasMask {
		return nil, fmt.Errorf("onnx: model needs inputs input_ids and attention_mask (has %v)", e.inputs)
	}
	out := -1
	for i, o := range outs {
		if o.Name == "last_hidden_state" || o.Name == "token_embeddings" {
			out = i
			break
		}
	}
	if out < 0 {
		for i, o := range outs {
			if len(o.Dimensions) == 3 {
				out = i
				break
			}
		}
	}
	if out < 0 {
		return nil, errors.New("onnx: model has no [batch, sequence, dim] output (last_hidden_state)")
	}
	o := outs[out]
	if len(o.Dimensions) != 3 || o.Dimensions[2] <= 0 || o.DataType != ort.TensorElementDataTypeFloat {
		return nil, fmt.Errorf("onnx: output %q is %v of %v, want float [batch, sequence, dim] with a fixed dim", o.Name, o.Dimensions, o.DataType)
	}
	e.dim = int(o.Dimensions[2])

	so, err := ort.NewSessionOptions()
	if err != nil {
		return nil, fmt.Errorf("onnx: %w", err)
	}
	defer so.Destroy()
	threads := opt.Threads
	if threads <= 0 {
		threads = 1
	}
	if err := so.SetIntraOpNumThreads(threads); err != nil {
		return nil, fmt.Errorf("onnx: %w", err)
	}
	if err := so.SetInterOpNumThreads(1); err != nil {
		return nil, fmt.Errorf("onnx: %w", err)
	}
	e.sess, err = ort.NewDynamicAdvancedSession(modelPath, e.inputs, []string{o.Name}, so)
	if err != nil {
		return nil, fmt.Errorf("onnx: session: %w", err)
	}
	h := sha256.New()
	for _, p := range []string{modelPath, tokPath} {
		if err := hashFile(h, p); err != nil {
			e.sess.Destroy()
			return nil, err
		}
	}
	fmt.Fprintf(h, "maxlen=%d", tok.MaxLength())
	e.version = fmt.Sprintf("d%d-%s", e.dim, hex.EncodeToString(h.Sum(nil)[:8]))
	return e, nil
}

func hashFile(w io.Writer, p string) error {
	f, err := os.Open(p)
	if err != nil {
		return fmt.Errorf("onnx: %w", err)
	}
	defer f.Close()
	if _, err := io.Copy(w, f); err != nil {
		return fmt.Errorf("onnx: %w", err)
	}
	return nil
}

// Close releases the ONNX session (the process-wide runtime stays).
func (e *Embedder) Close() error {
	if e.sess == nil {
		return nil
	}
	err := e.sess.Destroy()
	e.sess = nil
	if err != nil {
		return fmt.Errorf("onnx: %w", err)
	}
	return nil
}

// Name implements embed.Embedder.
func (e *Embedder) Name() string { return "onnx" }

// Version implements embed.Embedder: dim and a digest of model.onnx,
// tokenizer.json and the maximum sequence length.
func (e *Embedder) Version() string { return e.version }

// Dim implements embed.Embedder.
func (e *Embedder) Dim() int { return e.dim }

// Embed implements embed.Embedder, running batches of Options.BatchSize
// texts padded to the longest in the batch.
func (e *Embedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, 0, len(texts))
	for start := 0; start < len(texts); start += e.batch {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("onnx: %w", err)
		}
		vs, err := e.embedBatch(texts[start:min(start+e.batch, len(texts))])
		if err != nil {
			return nil, err
		}
		out = append(out, vs...)
	}
	return out, nil
}

func (e *Embedder) embedBatch(texts []string) ([][]float32, error) {
	if e.sess == nil {
		return nil, errors.New("onnx: embedder closed")
	}
	enc := make([][]int64, len(texts))
	seq := 0
	for i, t := range texts {
		ids, err := e.tok.Encode(t)
		if err != nil {
			return nil, fmt.Errorf("onnx: text %d: %w", i, err)
		}
		enc[i] = ids
		seq = max(seq, len(ids))
	}
	b := len(texts)
	ids, mask, types := Pad(enc, seq, e.tok.PadID())
	shape := ort.NewShape(int64(b), int64(seq))
	var inputs []ort.Value
	defer func() {
		for _, v := range inputs {
			v.Destroy()
		}
	}()
	for _, name := range e.inputs {
		data := ids
		switch name {
		case "attention_mask":
			data = mask
		case "token_type_ids":
			data = types
		}
		t, err := ort.NewTensor(shape, data)
		if err != nil {
			return nil, fmt.Errorf("onnx: input %s: %w", name, err)
		}
		inputs = append(inputs, t)
	}
	outputs := []ort.Value{nil}
	if err := e.sess.Run(inputs, outputs); err != nil {
		return nil, fmt.Errorf("onnx: run: %w", err)
	}
	defer outputs[0].Destroy()
	hidden, ok := outputs[0].(*ort.Tensor[float32])
	if !ok {
		return nil, fmt.Errorf("onnx: output is %T, want a float32 tensor", outputs[0])
	}
	if s := hidden.GetShape(); len(s) != 3 || s[0] != int64(b) || s[1] != int64(seq) || s[2] != int64(e.dim) {
		return nil, fmt.Errorf("onnx: output shape %v, want [%d %d %d]", s, b, seq, e.dim)
	}
	return MeanPool(hidden.GetData(), mask, b, seq, e.dim), nil
}

var _ embed.Embedder = (*Embedder)(nil)
