package tokenizer

import (
	"encoding/base64"
	"encoding/json"
	"testing"
)

// FuzzEncode: for any input text both tokenizer styles return ids inside
// the vocabulary, start and end with the special tokens and respect the
// maximum length; nothing panics.
func FuzzEncode(f *testing.F) {
	for _, s := range []string{"Uniklinikum Lindenau", "ÄRZTEHAUS\u00a0Nord", "a\x00b [MASK] <mask>", "", "ﬁ   x", "\xff\xfe", "𝔾𝕠 ½"} {
		f.Add(s)
	}
	bert, err := Parse(bertJSON(f, map[string]any{"truncation": map[string]any{"max_length": 8}}), Options{})
	if err != nil {
		f.Fatal(err)
	}
	cm := buildCharsmap(f, map[string]string{"ﬁ": "fi", "\u00a0": " ", "a\u0308": "ä"})
	vocab := [][]any{{"<s>", 0.0}, {"<pad>", 0.0}, {"</s>", 0.0}, {"<unk>", 0.0}, {"▁", -3.0}, {"▁Uni", -4.0}, {"klinik", -4.5}, {"a", -6.0}, {"<mask>", 0.0}}
	raw, _ := json.Marshal(map[string]any{
		"added_tokens": []any{map[string]any{"id": 8, "content": "<mask>", "special": true}},
		"normalizer": map[string]any{"type": "Sequence", "normalizers": []any{
			map[string]any{"type": "Precompiled", "precompiled_charsmap": base64.StdEncoding.EncodeToString(cm)},
			map[string]any{"type": "Replace", "pattern": map[string]any{"Regex": " {2,}"}, "content": " "}}},
		"pre_tokenizer":  map[string]any{"type": "Metaspace", "replacement": "▁", "add_prefix_space": true},
		"post_processor": map[string]any{"type": "RobertaProcessing", "sep": []any{"</s>", 2}, "cls": []any{"<s>", 0}},
		"model":          map[string]any{"type": "Unigram", "unk_id": 3, "vocab": vocab},
		"truncation":     map[string]any{"max_length": 8},
	})
	spm, err := Parse(raw, Options{})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for name, c := range map[string]struct {
			tok      *Tokenizer
			vocab    int64
			cls, sep int64
		}{"bert": {bert, 22, 2, 3}, "spm": {spm, int64(len(vocab)), 0, 2}} {
			ids, err := c.tok.Encode(s)
			if err != nil {
				t.Fatalf("%s: %q: %v", name, s, err)
			}
			if len(ids) < 2 || len(ids) > 8 || ids[0] != c.cls || ids[len(ids)-1] != c.sep {
				t.Fatalf("%s: %q → %v", name, s, ids)
			}
			for _, id := range ids {
				if id < 0 || id >= c.vocab {
					t.Fatalf("%s: %q → id %d outside the vocabulary", name, s, id)
				}
			}
		}
	})
}
