package tokenizer

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rivo/uniseg"
	"golang.org/x/text/unicode/norm"
)

type normalizer interface{ normalize(string) string }

type normSeq []normalizer

func (s normSeq) normalize(x string) string {
	for _, n := range s {
		x = n.normalize(x)
	}
	return x
}

type normFunc func(string) string

func (f normFunc) normalize(x string) string { return f(x) }

func parseNormalizer(raw json.RawMessage) (normalizer, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return normSeq(nil), nil
	}
	var head struct {
		Type string `json:"type"`
	}
	if err := json.Unmarshal(raw, &head); err != nil {
		return nil, fmt.Errorf("tokenizer: normalizer: %w", err)
	}
	switch head.Type {
	case "Sequence":
		var s struct {
			Normalizers []json.RawMessage `json:"normalizers"`
		}
		if err := json.Unmarshal(raw, &s); err != nil {
			return nil, fmt.Errorf("tokenizer: Sequence normalizer: %w", err)
		}
		var seq normSeq
		for _, r := range s.Normalizers {
			n, err := parseNormalizer(r)
			if err != nil {
				return nil, err
			}
			seq = append(seq, n)
		}
		return seq, nil
	case "BertNormalizer":
		var b struct {
			CleanText          bool  `json:"clean_text"`
			HandleChineseChars bool  `json:"handle_chinese_chars"`
			StripAccents       *bool `json:"strip_accents"`
			Lowercase          bool  `json:"lowercase"`
		}
		if err := json.Unmarshal(raw, &b); err != nil {
			return nil, fmt.Errorf("tokenizer: BertNormalizer: %w", err)
		}
		strip := b.Lowercase // null: follows lowercase
		if b.StripAccents != nil {
			strip = *b.StripAccents
		}
		return bertNormalizer{b.CleanText, b.HandleChineseChars, strip, b.Lowercase}, nil
	case "Precompiled":
		var p struct {
			Charsmap string `json:"precompiled_charsmap"`
		}
		if err := json.Unmarshal(raw, &p); err != nil {
			return nil, fmt.Errorf("tokenizer: Precompiled normalizer: %w", err)
		}
		if p.Charsmap == "" {
			// an empty charsmap normalises nothing (as in the Rust library)
			return normSeq(nil), nil
		}
		b, err := base64.StdEncoding.DecodeString(p.Charsmap)
		if err != nil {
			return nil, fmt.Errorf("tokenizer: Precompiled charsmap: %w", err)
		}
		return newPrecompiled(b)
	case "Replace":
		var r struct {
			Pattern struct {
				String *string `json:"String"`
				Regex  *string `json:"Regex"`
			} `json:"pattern"`
			Content string `json:"content"`
		}
		if err := json.Unmarshal(raw, &r); err != nil {
			return nil, fmt.Errorf("tokenizer: Replace normalizer: %w", err)
		}
		switch {
		case r.Pattern.String != nil:
			old := *r.Pattern.String
			return normFunc(func(x string) string { return strings.ReplaceAll(x, old, r.Content) }), nil
		case r.Pattern.Regex != nil:
			re, err := regexp.Compile(*r.Pattern.Regex)
			if err != nil {
				return nil, fmt.Errorf("tokenizer: Replace normalizer: %w", err)
			}
			content := r.Content
			return normFunc(func(x string) string { return re.ReplaceAllLiteralString(x, content) }), nil
		default:
			return nil, fmt.Errorf("tokenizer: Replace normalizer without pattern")
		}
	case "NFC":
		return normFunc(norm.NFC.String), nil
	case "NFD":
		return normFunc(norm.NFD.String), nil
	case "NFKC":
		return normFunc(norm.NFKC.String), nil
	case "NFKD":
		return normFunc(norm.NFKD.String), nil
	case "Lowercase":
		return normFunc(strings.ToLower), nil
	case "StripAccents":
		return normFunc(stripMarks), nil
	case "Strip":
		var s struct {
			Left  bool `json:"strip_left"`
			Right bool `json:"strip_right"`
		}
		if err := json.Unmarshal(raw, &s); err != nil {
			return nil, fmt.Errorf("tokenizer: Strip normalizer: %w", err)
		}
		return normFunc(func(x string) string {
			if s.Left {
				x = strings.TrimLeftFunc(x, unicode.IsSpace)
			}
			if s.Right {
				x = strings.TrimRightFunc(x, unicode.IsSpace)
			}
			return x
		}), nil
	case "Prepend":
		var p struct {
			Prepend string `json:"prepend"`
		}
		if err := json.Unmarshal(raw, &p); err != nil {
			return nil, fmt.Errorf("tokenizer: Prepend normalizer: %w", err)
		}
		return normFunc(func(x string) string {
			if x == "" {
				return x
			}
			return p.Prepend + x
		}), nil
	default:
		return nil, fmt.Errorf("tokenizer: normalizer type %q not supported", head.Type)
	}
}

func stripMarks(x string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(x) {
		if !unicode.Is(unicode.Mn, r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

type bertNormalizer struct {
	clean, chinese, strip, lower bool
}

func (n bertNormalizer) normalize(x string) string {
	var b strings.Builder
	for _, r := range x {
		if n.clean {
			if r == 0 || r == 0xFFFD || isBertControl(r) {
				continue
			}
			if isBertWhitespace(r) {
				r = ' '
			}
		}
		if n.chinese && isCJK(r) {
			b.WriteByte(' ')
			b.WriteRune(r)
			b.WriteByte(' ')
			continue
		}
		b.WriteRune(r)
	}
	x = b.String()
	if n.strip {
		x = stripMarks(x)
	}
	if n.lower {
		x = strings.ToLower(x)
	}
	return x
}

func isBertWhitespace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\r' || unicode.Is(unicode.Zs, r)
}

func isBertControl(r rune) bool {
	if r == '\t' || r == '\n' || r == '\r' {
		return false
	}
	return unicode.In(r, unicode.Cc, unicode.Cf, unicode.Co, unicode.Cs)
}

func isCJK(r rune) bool {
	return (r >= 0x4E00 && r <= 0x9FFF) || (r >= 0x3400 && r <= 0x4DBF) || (r >= 0x20000 && r <= 0x2A6DF) ||
		(r >= 0x2A700 && r <= 0x2B73F) || (r >= 0x2B740 && r <= 0x2B81F) || (r >= 0x2B820 && r <= 0x2CEAF) ||
		(r >= 0xF900 && r <= 0xFAFF) || (r >= 0x2F800 && r <= 0x2FA1F)
}

// precompiled is SentencePiece's precompiled_charsmap: a darts-clone double
// array trie over UTF-8 bytes whose values are offsets of NUL-terminated
// replacements in the string blob that follows it. Format: u32 (trie size
// in bytes, little-endian), trie units (u32 each), replacement strings.
type precompiled struct {
	units      []uint32
	normalized string
}

func newPrecompiled(b []byte) (*precompiled, error) {
	if len(b) < 4 {
		return nil, fmt.Errorf("tokenizer: Precompiled charsmap of %d bytes", len(b))
	}
	size := binary.LittleEndian.Uint32(b)
	if size%4 != 0 || uint64(size) > uint64(len(b)-4) || size == 0 {
		return nil, fmt.Errorf("tokenizer: Precompiled charsmap: trie size %d of %d bytes", size, len(b)-4)
	}
	p := &precompiled{units: make([]uint32, size/4), normalized: string(b[4+size:])}
	for i := range p.units {
		p.units[i] = binary.LittleEndian.Uint32(b[4+4*i:])
	}
	return p, nil
}

func unitOffset(u uint32) uint32 { return (u >> 10) << ((u & (1 << 9)) >> 6) }
func unitLabel(u uint32) uint32  { return u & ((1 << 31) | 0xFF) }
func unitHasLeaf(u uint32) bool  { return (u>>8)&1 == 1 }
func unitValue(u uint32) uint32  { return u & ((1 << 31) - 1) }

// transform returns the replacement of the shortest trie key that is a
// prefix of chunk (as spm_precompiled does), or false.
func (p *precompiled) transform(chunk string) (string, bool) {
	pos := unitOffset(p.units[0])
	for i := 0; i < len(chunk); i++ {
		c := chunk[i]
		if c == 0 {
			return "", false
		}
		pos ^= uint32(c)
		if int(pos) >= len(p.units) {
			return "", false
		}
		u := p.units[pos]
		if unitLabel(u) != uint32(c) {
			return "", false
		}
		pos ^= unitOffset(u)
		if unitHasLeaf(u) {
			if int(pos) >= len(p.units) {
				return "", false
			}
			v := int(unitValue(p.units[pos]))
			if v >= len(p.normalized) {
				return "", false
			}
			end := strings.IndexByte(p.normalized[v:], 0)
			if end < 0 {
				end = len(p.normalized) - v
			}
			return p.normalized[v : v+end], true
		}
	}
	return "", false
}

// normalize follows spm_precompiled: a grapheme shorter than 6 bytes is
// looked up whole; otherwise (or when that fails) each rune is looked up.
func (p *precompiled) normalize(x string) string {
	var b strings.Builder
	g := uniseg.NewGraphemes(x)
	for g.Next() {
		gr := g.Str()
		if len(gr) < 6 {
			if r, ok := p.transform(gr); ok {
				b.WriteString(r)
				continue
			}
		}
		for i := 0; i < len(gr); {
			_, size := utf8.DecodeRuneInString(gr[i:])
			part := gr[i : i+size]
			i += size
			if rep, ok := p.transform(part); ok {
				b.WriteString(rep)
			} else {
				b.WriteString(part)
			}
		}
	}
	return b.String()
}
