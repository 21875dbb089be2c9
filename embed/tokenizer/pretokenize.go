package tokenizer

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode"
)

// preTokenizer splits each input piece into smaller pieces.
type preTokenizer interface {
	split(pieces []string) []string
}

type preSeq []preTokenizer

func (s preSeq) split(p []string) []string {
	for _, t := range s {
		p = t.split(p)
	}
	return p
}

type preFunc func(string) []string

func (f preFunc) split(p []string) []string {
	var out []string
	for _, x := range p {
		out = append(out, f(x)...)
	}
	return out
}

func parsePreTokenizer(raw json.RawMessage) (preTokenizer, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return preSeq(nil), nil
	}
	var head struct {
		Type string `json:"type"`
	}
	if err := json.Unmarshal(raw, &head); err != nil {
		return nil, fmt.Errorf("tokenizer: pre_tokenizer: %w", err)
	}
	switch head.Type {
	case "Sequence":
		var s struct {
			PreTokenizers []json.RawMessage `json:"pretokenizers"`
		}
		if err := json.Unmarshal(raw, &s); err != nil {
			return nil, fmt.Errorf("tokenizer: Sequence pre_tokenizer: %w", err)
		}
		var seq preSeq
		for _, r := range s.PreTokenizers {
			p, err := parsePreTokenizer(r)
			if err != nil {
				return nil, err
			}
			seq = append(seq, p)
		}
		return seq, nil
	case "WhitespaceSplit":
		return preFunc(strings.Fields), nil
	case "Whitespace":
		return preFunc(whitespaceSplit), nil
	case "BertPreTokenizer":
		return preFunc(bertSplit), nil
	case "Metaspace":
		var m struct {
			Replacement    string  `json:"replacement"`
			AddPrefixSpace *bool   `json:"add_prefix_space"`
			PrependScheme  *string `json:"prepend_scheme"`
			Split          *bool   `json:"split"`
		}
		if err := json.Unmarshal(raw, &m); err != nil {
			return nil, fmt.Errorf("tokenizer: Metaspace: %w", err)
		}
		ms := &metaspace{replacement: "▁", scheme: "always", splitOn: true}
		if m.Replacement != "" {
			ms.replacement = m.Replacement
		}
		if m.AddPrefixSpace != nil && !*m.AddPrefixSpace {
			ms.scheme = "never"
		}
		if m.PrependScheme != nil {
			ms.scheme = *m.PrependScheme
		}
		if m.Split != nil {
			ms.splitOn = *m.Split
		}
		switch ms.scheme {
		case "always", "never", "first":
		default:
			return nil, fmt.Errorf("tokenizer: Metaspace prepend_scheme %q not supported", ms.scheme)
		}
		return ms, nil
	default:
		return nil, fmt.Errorf("tokenizer: pre_tokenizer type %q not supported", head.Type)
	}
}

// whitespaceSplit is HF's Whitespace: the regex \w+|[^\w\s]+.
func whitespaceSplit(x string) []string {
	var out []string
	var cur strings.Builder
	kind := 0 // 0 none, 1 word, 2 other
	flush := func() {
		if cur.Len() > 0 {
			out = append(out, cur.String())
			cur.Reset()
		}
		kind = 0
	}
	for _, r := range x {
		var k int
		switch {
		case unicode.IsSpace(r):
			flush()
			continue
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) || r == '_' || unicode.Is(unicode.Pc, r):
			k = 1
		default:
			k = 2
		}
		if k != kind {
			flush()
			kind = k
		}
		cur.WriteRune(r)
	}
	flush()
	return out
}

// bertSplit splits on whitespace (dropped) and isolates every punctuation
// character.
func bertSplit(x string) []string {
	var out []string
	start := -1
	for i, r := range x {
		switch {
		case unicode.IsSpace(r):
			if start >= 0 {
				out = append(out, x[start:i])
				start = -1
			}
		case isBertPunct(r):
			if start >= 0 {
				out = append(out, x[start:i])
				start = -1
			}
			out = append(out, string(r))
		default:
			if start < 0 {
				start = i
			}
		}
	}
	if start >= 0 {
		out = append(out, x[start:])
	}
	return out
}

func isBertPunct(r rune) bool {
	if (r >= 33 && r <= 47) || (r >= 58 && r <= 64) || (r >= 91 && r <= 96) || (r >= 123 && r <= 126) {
		return true
	}
	return unicode.IsPunct(r)
}

// metaspace replaces spaces with the replacement character, prepends it
// (scheme "always", or "first" for the first piece) and, with split, cuts
// before every replacement character.
type metaspace struct {
	replacement string
	scheme      string
	splitOn     bool
}

func (m *metaspace) split(pieces []string) []string {
	var out []string
	for i, p := range pieces {
		s := strings.ReplaceAll(p, " ", m.replacement)
		if (m.scheme == "always" || (m.scheme == "first" && i == 0)) && !strings.HasPrefix(s, m.replacement) {
			s = m.replacement + s
		}
		if !m.splitOn {
			out = append(out, s)
			continue
		}
		last := 0
		for j := 0; j < len(s); {
			if strings.HasPrefix(s[j:], m.replacement) {
				if j > last {
					out = append(out, s[last:j])
				}
				last = j
				j += len(m.replacement)
				continue
			}
			j++
		}
		if last < len(s) {
			out = append(out, s[last:])
		}
	}
	return out
}

func parsePostProcessor(raw json.RawMessage) (prefix, suffix []int64, err error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil, nil
	}
	var head struct {
		Type string `json:"type"`
	}
	if err := json.Unmarshal(raw, &head); err != nil {
		return nil, nil, fmt.Errorf("tokenizer: post_processor: %w", err)
	}
	switch head.Type {
	case "BertProcessing", "RobertaProcessing":
		var p struct {
			Sep [2]json.RawMessage `json:"sep"`
			Cls [2]json.RawMessage `json:"cls"`
		}
		if err := json.Unmarshal(raw, &p); err != nil {
			return nil, nil, fmt.Errorf("tokenizer: %s: %w", head.Type, err)
		}
		var sep, cls int64
		if err := json.Unmarshal(p.Sep[1], &sep); err != nil {
			return nil, nil, fmt.Errorf("tokenizer: %s sep: %w", head.Type, err)
		}
		if err := json.Unmarshal(p.Cls[1], &cls); err != nil {
			return nil, nil, fmt.Errorf("tokenizer: %s cls: %w", head.Type, err)
		}
		return []int64{cls}, []int64{sep}, nil
	case "TemplateProcessing":
		var p struct {
			Single []struct {
				SpecialToken *struct {
					ID string `json:"id"`
				} `json:"SpecialToken"`
				Sequence *struct {
					ID string `json:"id"`
				} `json:"Sequence"`
			} `json:"single"`
			SpecialTokens map[string]struct {
				IDs []int64 `json:"ids"`
			} `json:"special_tokens"`
		}
		if err := json.Unmarshal(raw, &p); err != nil {
			return nil, nil, fmt.Errorf("tokenizer: TemplateProcessing: %w", err)
		}
		seen := false
		for _, item := range p.Single {
			switch {
			case item.Sequence != nil:
				if seen {
					return nil, nil, fmt.Errorf("tokenizer: TemplateProcessing with two sequences in single")
				}
				seen = true
			case item.SpecialToken != nil:
				st, ok := p.SpecialTokens[item.SpecialToken.ID]
				if !ok {
					return nil, nil, fmt.Errorf("tokenizer: TemplateProcessing: special token %q undefined", item.SpecialToken.ID)
				}
				if seen {
					suffix = append(suffix, st.IDs...)
				} else {
					prefix = append(prefix, st.IDs...)
				}
			}
		}
		if !seen {
			return nil, nil, fmt.Errorf("tokenizer: TemplateProcessing without $A in single")
		}
		return prefix, suffix, nil
	default:
		return nil, nil, fmt.Errorf("tokenizer: post_processor type %q not supported", head.Type)
	}
}
