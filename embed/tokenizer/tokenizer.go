// Package tokenizer encodes text with a Hugging Face tokenizer.json in pure
// Go, for the sentence-transformer models used by embed/onnx.
//
// Supported (the pieces BERT-style and SentencePiece/XLM-R-style models such
// as paraphrase-multilingual-MiniLM-L12-v2 use):
//
//   - models: WordPiece, Unigram (Viterbi, unknown runs fused into one unk)
//   - normalizers: BertNormalizer, Precompiled (SentencePiece charsmap),
//     Replace, NFC/NFD/NFKC/NFKD, Lowercase, Strip, StripAccents, Prepend,
//     Sequence
//   - pre-tokenizers: BertPreTokenizer, Whitespace, WhitespaceSplit,
//     Metaspace, Sequence
//   - post-processors: TemplateProcessing (single sequence), BertProcessing,
//     RobertaProcessing
//   - added tokens: special tokens spelled in the text are matched before
//     normalisation, as the Rust library does
//   - truncation (max_length) and padding id
//
// Anything else in the file is an error, never silently ignored. No pair
// encoding, no offsets: the embedder needs ids only.
package tokenizer

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
)

// Tokenizer is a loaded tokenizer.json; safe for concurrent use.
type Tokenizer struct {
	norm      normalizer
	pre       preTokenizer
	model     model
	prefix    []int64 // special tokens before the sequence
	suffix    []int64 // and after it
	added     []addedToken
	maxLength int
	padID     int64
}

type addedToken struct {
	content string
	id      int64
}

// Options override settings of the file.
type Options struct {
	// MaxLength is the maximum number of ids including special tokens.
	// 0: the file's truncation.max_length, or 128 (sentence-transformers'
	// default max_seq_length) when the file has none.
	MaxLength int
}

// Load reads a tokenizer.json file.
func Load(path string, opt Options) (*Tokenizer, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("tokenizer: %w", err)
	}
	return Parse(b, opt)
}

type fileJSON struct {
	Normalizer    json.RawMessage `json:"normalizer"`
	PreTokenizer  json.RawMessage `json:"pre_tokenizer"`
	PostProcessor json.RawMessage `json:"post_processor"`
	Model         json.RawMessage `json:"model"`
	Truncation    *struct {
		MaxLength int `json:"max_length"`
	} `json:"truncation"`
	Padding *struct {
		PadID int64 `json:"pad_id"`
	} `json:"padding"`
	AddedTokens []struct {
		ID      int64  `json:"id"`
		Content string `json:"content"`
		Special bool   `json:"special"`
	} `json:"added_tokens"`
}

// Parse builds a tokenizer from the contents of a tokenizer.json.
func Parse(data []byte, opt Options) (*Tokenizer, error) {
	var f fileJSON
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("tokenizer: %w", err)
	}
	t := &Tokenizer{}
	var err error
	if t.model, err = parseModel(f.Model); err != nil {
		return nil, err
	}
	if t.norm, err = parseNormalizer(f.Normalizer); err != nil {
		return nil, err
	}
	if t.pre, err = parsePreTokenizer(f.PreTokenizer); err != nil {
		return nil, err
	}
	if t.prefix, t.suffix, err = parsePostProcessor(f.PostProcessor); err != nil {
		return nil, err
	}
	for _, a := range f.AddedTokens {
		if a.Special && a.Content != "" {
			t.added = append(t.added, addedToken{a.Content, a.ID})
		}
	}
	// longest first, so "<mask>" is not cut by a shorter token
	sort.SliceStable(t.added, func(i, j int) bool { return len(t.added[i].content) > len(t.added[j].content) })
	t.maxLength = opt.MaxLength
	if t.maxLength == 0 {
		t.maxLength = 128
		if f.Truncation != nil && f.Truncation.MaxLength > 0 {
			t.maxLength = f.Truncation.MaxLength
		}
	}
	if t.maxLength <= len(t.prefix)+len(t.suffix) {
		return nil, fmt.Errorf("tokenizer: max length %d leaves no room beside %d special tokens", t.maxLength, len(t.prefix)+len(t.suffix))
	}
	switch {
	case f.Padding != nil:
		t.padID = f.Padding.PadID
	default:
		for _, name := range []string{"[PAD]", "<pad>"} {
			if id, ok := t.model.tokenID(name); ok {
				t.padID = id
				break
			}
		}
	}
	return t, nil
}

// PadID is the id used to pad a batch.
func (t *Tokenizer) PadID() int64 { return t.padID }

// MaxLength is the maximum number of ids Encode returns.
func (t *Tokenizer) MaxLength() int { return t.maxLength }

// Encode returns the ids of text with the post-processor's special tokens,
// truncated to MaxLength (the sequence is cut, the special tokens kept).
//
// Invalid UTF-8 bytes are read as U+FFFD (the Rust library only accepts
// valid strings).
func (t *Tokenizer) Encode(text string) ([]int64, error) {
	text = strings.ToValidUTF8(text, "\uFFFD")
	var ids []int64
	for _, seg := range t.splitAdded(text) {
		if seg.id >= 0 {
			ids = append(ids, seg.id)
			continue
		}
		normalized := t.norm.normalize(seg.text)
		for _, word := range t.pre.split([]string{normalized}) {
			if word == "" {
				continue
			}
			w, err := t.model.tokenize(word)
			if err != nil {
				return nil, err
			}
			ids = append(ids, w...)
		}
	}
	if room := t.maxLength - len(t.prefix) - len(t.suffix); len(ids) > room {
		ids = ids[:room]
	}
	out := make([]int64, 0, len(t.prefix)+len(ids)+len(t.suffix))
	out = append(out, t.prefix...)
	out = append(out, ids...)
	return append(out, t.suffix...), nil
}

type segment struct {
	text string
	id   int64 // ≥ 0: an added token
}

func (t *Tokenizer) splitAdded(text string) []segment {
	if len(t.added) == 0 {
		return []segment{{text, -1}}
	}
	var out []segment
	start := 0
	for i := 0; i < len(text); {
		matched := false
		for _, a := range t.added {
			if strings.HasPrefix(text[i:], a.content) {
				if i > start {
					out = append(out, segment{text[start:i], -1})
				}
				out = append(out, segment{"", a.id})
				i += len(a.content)
				start = i
				matched = true
				break
			}
		}
		if !matched {
			i++
		}
	}
	if start < len(text) {
		out = append(out, segment{text[start:], -1})
	}
	return out
}
