package tokenizer

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// bertJSON is a BERT-style tokenizer.json with an invented vocabulary.
func bertJSON(t testing.TB, extra map[string]any) []byte {
	t.Helper()
	vocab := map[string]int{}
	for i, w := range []string{"[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]",
		"uni", "##klinik", "##um", "klinik", "linden", "##au", ",", "station", "3", "!", "arzte", "##haus", "a", "##r", "##z", "##t", "##e"} {
		vocab[w] = i
	}
	f := map[string]any{
		"version":       "1.0",
		"truncation":    nil,
		"padding":       nil,
		"added_tokens":  []any{map[string]any{"id": 4, "content": "[MASK]", "special": true}},
		"normalizer":    map[string]any{"type": "BertNormalizer", "clean_text": true, "handle_chinese_chars": true, "strip_accents": nil, "lowercase": true},
		"pre_tokenizer": map[string]any{"type": "BertPreTokenizer"},
		"post_processor": map[string]any{"type": "TemplateProcessing",
			"single": []any{map[string]any{"SpecialToken": map[string]any{"id": "[CLS]", "type_id": 0}},
				map[string]any{"Sequence": map[string]any{"id": "A", "type_id": 0}},
				map[string]any{"SpecialToken": map[string]any{"id": "[SEP]", "type_id": 0}}},
			"special_tokens": map[string]any{"[CLS]": map[string]any{"id": "[CLS]", "ids": []int{2}, "tokens": []string{"[CLS]"}},
				"[SEP]": map[string]any{"id": "[SEP]", "ids": []int{3}, "tokens": []string{"[SEP]"}}}},
		"model": map[string]any{"type": "WordPiece", "unk_token": "[UNK]", "continuing_subword_prefix": "##", "max_input_chars_per_word": 100, "vocab": vocab},
	}
	for k, v := range extra {
		f[k] = v
	}
	b, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestWordPieceBert(t *testing.T) {
	tok, err := Parse(bertJSON(t, nil), Options{})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		in   string
		want []int64
	}{
		{"Uniklinikum Lindenau, Station 3!", []int64{2, 5, 6, 7, 9, 10, 11, 12, 13, 14, 3}},
		{"ÄRZTEHAUS\u00a0klinik", []int64{2, 15, 16, 8, 3}}, // accents stripped, NBSP is whitespace
		{"Unikliniken", []int64{2, 1, 3}},                   // unmatched rest: whole word unk
		{"a\x00rzte [MASK]", []int64{2, 15, 4, 3}},          // control char dropped; added token kept
		{"Arzt", []int64{2, 17, 18, 19, 20, 3}},             // longest match first, then ## pieces
		{"arztex", []int64{2, 1, 3}},                        // "##x" unmatched: the whole word is unk
		{"", []int64{2, 3}},
	}
	for _, tt := range tests {
		got, err := tok.Encode(tt.in)
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("Encode(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
	if tok.PadID() != 0 || tok.MaxLength() != 128 {
		t.Errorf("pad %d max %d", tok.PadID(), tok.MaxLength())
	}
	// truncation keeps the special tokens
	tr, err := Parse(bertJSON(t, map[string]any{"truncation": map[string]any{"max_length": 5}, "padding": map[string]any{"pad_id": 1}}), Options{})
	if err != nil {
		t.Fatal(err)
	}
	got, _ := tr.Encode("Uniklinikum Lindenau, Station 3!")
	if !slices.Equal(got, []int64{2, 5, 6, 7, 3}) || tr.PadID() != 1 {
		t.Errorf("truncated: %v pad %d", got, tr.PadID())
	}
	ov, _ := Parse(bertJSON(t, nil), Options{MaxLength: 3})
	if got, _ := ov.Encode("klinik station"); !slices.Equal(got, []int64{2, 8, 3}) {
		t.Errorf("MaxLength option: %v", got)
	}
}

func TestParseErrors(t *testing.T) {
	for name, extra := range map[string]map[string]any{
		"bpe model":        {"model": map[string]any{"type": "BPE", "vocab": map[string]int{}}},
		"no model":         {"model": nil},
		"unk missing":      {"model": map[string]any{"type": "WordPiece", "unk_token": "[X]", "vocab": map[string]int{"a": 0}}},
		"normalizer":       {"normalizer": map[string]any{"type": "Nmt"}},
		"pre_tokenizer":    {"pre_tokenizer": map[string]any{"type": "ByteLevel"}},
		"post_processor":   {"post_processor": map[string]any{"type": "ByteLevel"}},
		"bad regex":        {"normalizer": map[string]any{"type": "Replace", "pattern": map[string]any{"Regex": "("}, "content": ""}},
		"bad charsmap":     {"normalizer": map[string]any{"type": "Precompiled", "precompiled_charsmap": "AAAA"}},
		"tiny truncation":  {"truncation": map[string]any{"max_length": 2}},
		"unigram no unk":   {"model": map[string]any{"type": "Unigram", "vocab": [][]any{{"a", -1.0}}}},
		"unigram fallback": {"model": map[string]any{"type": "Unigram", "unk_id": 0, "byte_fallback": true, "vocab": [][]any{{"<unk>", 0.0}}}},
		"prepend scheme":   {"pre_tokenizer": map[string]any{"type": "Metaspace", "prepend_scheme": "sometimes"}},
	} {
		if _, err := Parse(bertJSON(t, extra), Options{}); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if _, err := Parse([]byte("{"), Options{}); err == nil {
		t.Error("broken JSON: no error")
	}
}

func TestMetaspace(t *testing.T) {
	tests := []struct {
		scheme string
		split  bool
		in     []string
		want   []string
	}{
		{"always", true, []string{"Klinik am  Park"}, []string{"▁Klinik", "▁am", "▁", "▁Park"}},
		{"always", false, []string{"Klinik am"}, []string{"▁Klinik▁am"}},
		{"never", true, []string{"Klinik am"}, []string{"Klinik", "▁am"}},
		{"first", true, []string{"a b", "c"}, []string{"▁a", "▁b", "c"}},
		{"always", true, []string{"Klinik", "am"}, []string{"▁Klinik", "▁am"}},
		{"always", true, []string{" x"}, []string{"▁x"}},
	}
	for _, tt := range tests {
		m := &metaspace{replacement: "▁", scheme: tt.scheme, splitOn: tt.split}
		if got := m.split(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s/%v %q: %q, want %q", tt.scheme, tt.split, tt.in, got, tt.want)
		}
	}
}

func TestPreTokenizers(t *testing.T) {
	if got := bertSplit("St.-Georg  Klinik(Nord)"); !reflect.DeepEqual(got, []string{"St", ".", "-", "Georg", "Klinik", "(", "Nord", ")"}) {
		t.Errorf("bertSplit: %q", got)
	}
	if got := whitespaceSplit("St.-Georg  Klinik_3 (Nord)"); !reflect.DeepEqual(got, []string{"St", ".-", "Georg", "Klinik_3", "(", "Nord", ")"}) {
		t.Errorf("whitespaceSplit: %q", got)
	}
}

// bruteBest is the best total score over every segmentation of w into
// vocabulary pieces (exponential; only for short words).
func bruteBest(w string, vocab map[string]float64) (float64, bool) {
	if w == "" {
		return 0, true
	}
	best, ok := math.Inf(-1), false
	for end := 1; end <= len(w); end++ {
		s, in := vocab[w[:end]]
		if !in {
			continue
		}
		rest, rok := bruteBest(w[end:], vocab)
		if rok && s+rest > best {
			best, ok = s+rest, true
		}
	}
	return best, ok
}

// TestUnigramViterbiIsOptimal: for random vocabularies over a small
// alphabet, the segmentation found scores exactly the brute-force optimum.
func TestUnigramViterbiIsOptimal(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	alphabet := "abcde"
	for trial := 0; trial < 200; trial++ {
		vocab := map[string]float64{}
		entries := [][]any{{"<unk>", 0.0}}
		for _, c := range alphabet { // every single letter: no unknowns
			s := -5 - 5*r.Float64()
			vocab[string(c)] = s
			entries = append(entries, []any{string(c), s})
		}
		for len(entries) < 40 {
			n := 2 + r.IntN(4)
			var b strings.Builder
			for i := 0; i < n; i++ {
				b.WriteByte(alphabet[r.IntN(len(alphabet))])
			}
			if _, dup := vocab[b.String()]; dup {
				continue
			}
			s := -1 - 10*r.Float64()
			vocab[b.String()] = s
			entries = append(entries, []any{b.String(), s})
		}
		raw, _ := json.Marshal(map[string]any{"type": "Unigram", "unk_id": 0, "vocab": entries})
		m, err := parseModel(raw)
		if err != nil {
			t.Fatal(err)
		}
		idToPiece := map[int64]string{}
		for i, e := range entries {
			idToPiece[int64(i)] = e[0].(string)
		}
		for k := 0; k < 10; k++ {
			var b strings.Builder
			for i := 0; i < 1+r.IntN(12); i++ {
				b.WriteByte(alphabet[r.IntN(len(alphabet))])
			}
			w := b.String()
			ids, err := m.tokenize(w)
			if err != nil {
				t.Fatal(err)
			}
			var joined strings.Builder
			var score float64
			for _, id := range ids {
				joined.WriteString(idToPiece[id])
				score += vocab[idToPiece[id]]
			}
			want, _ := bruteBest(w, vocab)
			if joined.String() != w || math.Abs(score-want) > 1e-9 {
				t.Fatalf("trial %d %q: pieces %q score %v, optimum %v", trial, w, joined.String(), score, want)
			}
		}
	}
}

func TestUnigramUnknown(t *testing.T) {
	raw, _ := json.Marshal(map[string]any{"type": "Unigram", "unk_id": 1, "vocab": [][]any{
		{"<s>", 0.0}, {"<unk>", 0.0}, {"▁", -2.0}, {"▁Klinik", -3.0}, {"um", -4.0}, {"K", -6.0}}})
	m, err := parseModel(raw)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := m.tokenize("▁Klinikum")
	if !slices.Equal(got, []int64{3, 4}) {
		t.Errorf("▁Klinikum: %v", got)
	}
	// "ßß" has no piece: two unknown runes fuse into one unk
	got, _ = m.tokenize("▁ßßK")
	if !slices.Equal(got, []int64{2, 1, 5}) {
		t.Errorf("▁ßßK: %v", got)
	}
}

// buildCharsmap writes a SentencePiece precompiled_charsmap (darts-clone
// double array + NUL-terminated replacements) for the given rules; an
// independent encoder for the lookup under test.
func buildCharsmap(t testing.TB, rules map[string]string) []byte {
	t.Helper()
	type node struct {
		kids  map[byte]*node
		value int // offset into the blob, -1: none
	}
	newNode := func() *node { return &node{kids: map[byte]*node{}, value: -1} }
	root := newNode()
	var blob []byte
	for _, k := range slices.Sorted(func(yield func(string) bool) {
		for k := range rules {
			if !yield(k) {
				return
			}
		}
	}) {
		n := root
		for i := 0; i < len(k); i++ {
			c, ok := n.kids[k[i]]
			if !ok {
				c = newNode()
				n.kids[k[i]] = c
			}
			n = c
		}
		n.value = len(blob)
		blob = append(append(blob, rules[k]...), 0)
	}
	units := make([]uint32, 1)
	used := []bool{true}
	usedBase := map[int]bool{} // darts: a base belongs to one parent only
	grow := func(n int) {
		for len(units) <= n {
			units = append(units, 0)
			used = append(used, false)
		}
	}
	var place func(p int, n *node)
	place = func(p int, n *node) {
		labels := slices.Sorted(func(yield func(byte) bool) {
			for c := range n.kids {
				if !yield(c) {
					return
				}
			}
		})
		base := 1
		for ; ; base++ {
			grow(base ^ 0xFF)
			ok := !usedBase[base] && !(n.value >= 0 && used[base])
			for _, c := range labels {
				if q := base ^ int(c); q == 0 || used[q] {
					ok = false
				}
			}
			if ok {
				break
			}
		}
		usedBase[base] = true
		off := p ^ base
		if off >= 1<<21 {
			t.Fatal("offset too large for the test builder")
		}
		units[p] |= uint32(off) << 10
		if n.value >= 0 {
			used[base] = true
			units[base] = 1<<31 | uint32(n.value)
		}
		for _, c := range labels {
			q := base ^ int(c)
			used[q] = true
			units[q] = uint32(c)
			if n.kids[c].value >= 0 {
				units[q] |= 1 << 8
			}
		}
		for _, c := range labels {
			place(base^int(c), n.kids[c])
		}
	}
	place(0, root)
	out := binary.LittleEndian.AppendUint32(nil, uint32(4*len(units)))
	for _, u := range units {
		out = binary.LittleEndian.AppendUint32(out, u)
	}
	return append(out, blob...)
}

func TestPrecompiled(t *testing.T) {
	cm := buildCharsmap(t, map[string]string{
		"™":       "TM",
		"ﬁ":       "fi",
		"Ⅻ":       "XII",
		"\u00a0":  " ",
		"a\u0308": "ä",
		"\u200d":  "",
		"\u3000":  " ",
	})
	p, err := newPrecompiled(cm)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ in, want string }{
		{"Klinik™ Ⅻ", "KlinikTM XII"},
		{"ﬁliale\u00a0Nord", "filiale Nord"},
		{"Ba\u0308ckerei", "Bäckerei"},
		{"Straße", "Straße"},
		{"a\u200db", "ab"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := p.normalize(tt.in); got != tt.want {
			t.Errorf("normalize(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	// through tokenizer.json
	tok, err := Parse(bertJSON(t, map[string]any{"normalizer": map[string]any{"type": "Sequence", "normalizers": []any{
		map[string]any{"type": "Precompiled", "precompiled_charsmap": base64.StdEncoding.EncodeToString(cm)},
		map[string]any{"type": "Lowercase"}}}}), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := tok.Encode("ﬁ"); len(got) != 3 || got[1] != 1 { // "fi" unknown in this vocab
		t.Errorf("precompiled in a sequence: %v", got)
	}
	for _, bad := range [][]byte{nil, {1, 0, 0, 0}, {8, 0, 0, 0, 1}} {
		if _, err := newPrecompiled(bad); err == nil {
			t.Errorf("charsmap %v: no error", bad)
		}
	}
}

// TestSentencePieceStyle: an XLM-R-style file (Precompiled + Replace
// normalizers, WhitespaceSplit + Metaspace, Unigram, <s> … </s>).
func TestSentencePieceStyle(t *testing.T) {
	cm := buildCharsmap(t, map[string]string{"\u00a0": " "})
	vocab := [][]any{{"<s>", 0.0}, {"<pad>", 0.0}, {"</s>", 0.0}, {"<unk>", 0.0},
		{"▁", -3.0}, {"▁Uni", -4.0}, {"klinik", -4.5}, {"um", -5.0}, {"▁Linden", -6.0}, {"au", -5.5},
		{"▁Unik", -4.0}, {"linikum", -9.0}, {"<mask>", 0.0}}
	f := map[string]any{
		"added_tokens": []any{map[string]any{"id": 12, "content": "<mask>", "special": true}},
		"normalizer": map[string]any{"type": "Sequence", "normalizers": []any{
			map[string]any{"type": "Precompiled", "precompiled_charsmap": base64.StdEncoding.EncodeToString(cm)},
			map[string]any{"type": "Replace", "pattern": map[string]any{"Regex": " {2,}"}, "content": " "}}},
		"pre_tokenizer": map[string]any{"type": "Sequence", "pretokenizers": []any{
			map[string]any{"type": "WhitespaceSplit"},
			map[string]any{"type": "Metaspace", "replacement": "▁", "prepend_scheme": "always", "split": true}}},
		"post_processor": map[string]any{"type": "RobertaProcessing", "sep": []any{"</s>", 2}, "cls": []any{"<s>", 0}},
		"model":          map[string]any{"type": "Unigram", "unk_id": 3, "vocab": vocab},
	}
	b, _ := json.Marshal(f)
	tok, err := Parse(b, Options{})
	if err != nil {
		t.Fatal(err)
	}
	// ▁Unik+linikum (-13) beats ▁Uni+klinik+um (-13.5); NBSPs become
	// spaces, runs of spaces one; the trailing space before <mask> is
	// dropped by WhitespaceSplit
	got, err := tok.Encode("Uniklinikum\u00a0\u00a0 Lindenau <mask>")
	want := []int64{0, 10, 11, 8, 9, 12, 2}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("Encode: %v, %v; want %v", got, err, want)
	}
	if tok.PadID() != 1 {
		t.Errorf("pad id %d, want 1 (<pad>)", tok.PadID())
	}
}
