package tokenizer

import (
	"encoding/json"
	"fmt"
	"math"
	"unicode/utf8"
)

type model interface {
	tokenize(word string) ([]int64, error)
	tokenID(token string) (int64, bool)
}

func parseModel(raw json.RawMessage) (model, error) {
	var head struct {
		Type string `json:"type"`
	}
	if err := json.Unmarshal(raw, &head); err != nil {
		return nil, fmt.Errorf("tokenizer: model: %w", err)
	}
	switch head.Type {
	case "WordPiece":
		var m struct {
			Vocab                   map[string]int64 `json:"vocab"`
			UnkToken                string           `json:"unk_token"`
			ContinuingSubwordPrefix *string          `json:"continuing_subword_prefix"`
			MaxInputCharsPerWord    int              `json:"max_input_chars_per_word"`
		}
		if err := json.Unmarshal(raw, &m); err != nil {
			return nil, fmt.Errorf("tokenizer: WordPiece model: %w", err)
		}
		wp := &wordPiece{vocab: m.Vocab, prefix: "##", maxChars: 100}
		if m.ContinuingSubwordPrefix != nil {
			wp.prefix = *m.ContinuingSubwordPrefix
		}
		if m.MaxInputCharsPerWord > 0 {
			wp.maxChars = m.MaxInputCharsPerWord
		}
		id, ok := m.Vocab[m.UnkToken]
		if !ok {
			return nil, fmt.Errorf("tokenizer: WordPiece unk token %q not in the vocabulary", m.UnkToken)
		}
		wp.unk = id
		return wp, nil
	case "Unigram":
		var m struct {
			Vocab        [][2]json.RawMessage `json:"vocab"`
			UnkID        *int64               `json:"unk_id"`
			ByteFallback bool                 `json:"byte_fallback"`
		}
		if err := json.Unmarshal(raw, &m); err != nil {
			return nil, fmt.Errorf("tokenizer: Unigram model: %w", err)
		}
		if m.ByteFallback {
			return nil, fmt.Errorf("tokenizer: Unigram byte_fallback is not supported")
		}
		if m.UnkID == nil || *m.UnkID < 0 || *m.UnkID >= int64(len(m.Vocab)) {
			return nil, fmt.Errorf("tokenizer: Unigram model without a valid unk_id")
		}
		u := &unigram{pieces: make(map[string]piece, len(m.Vocab)), unk: *m.UnkID}
		minScore := math.Inf(1)
		for i, e := range m.Vocab {
			var s string
			var score float64
			if err := json.Unmarshal(e[0], &s); err != nil {
				return nil, fmt.Errorf("tokenizer: Unigram vocab entry %d: %w", i, err)
			}
			if err := json.Unmarshal(e[1], &score); err != nil {
				return nil, fmt.Errorf("tokenizer: Unigram vocab entry %d: %w", i, err)
			}
			if _, dup := u.pieces[s]; !dup {
				u.pieces[s] = piece{id: int64(i), score: score}
			}
			u.maxLen = max(u.maxLen, len(s))
			minScore = min(minScore, score)
		}
		// as the Rust library: unknown characters score 10 below the
		// worst piece
		u.unkScore = minScore - 10
		return u, nil
	case "":
		return nil, fmt.Errorf("tokenizer: no model")
	default:
		return nil, fmt.Errorf("tokenizer: model type %q not supported (WordPiece, Unigram)", head.Type)
	}
}

// wordPiece is greedy longest-match-first; a word with any unmatched rest
// becomes one unk.
type wordPiece struct {
	vocab    map[string]int64
	prefix   string
	unk      int64
	maxChars int
}

func (w *wordPiece) tokenID(t string) (int64, bool) { id, ok := w.vocab[t]; return id, ok }

func (w *wordPiece) tokenize(word string) ([]int64, error) {
	if utf8.RuneCountInString(word) > w.maxChars {
		return []int64{w.unk}, nil
	}
	var out []int64
	for start := 0; start < len(word); {
		end := len(word)
		found := false
		for end > start {
			sub := word[start:end]
			if start > 0 {
				sub = w.prefix + sub
			}
			if id, ok := w.vocab[sub]; ok {
				out = append(out, id)
				found = true
				break
			}
			// step back one rune
			_, size := utf8.DecodeLastRuneInString(word[start:end])
			end -= size
		}
		if !found {
			return []int64{w.unk}, nil
		}
		start = end
	}
	return out, nil
}

type piece struct {
	id    int64
	score float64
}

// unigram segments by Viterbi over byte positions (at rune boundaries),
// maximising the sum of piece scores; a rune no piece covers is unk (score
// unkScore), and consecutive unks fuse into one.
type unigram struct {
	pieces   map[string]piece
	maxLen   int
	unk      int64
	unkScore float64
}

func (u *unigram) tokenID(t string) (int64, bool) { p, ok := u.pieces[t]; return p.id, ok }

func (u *unigram) tokenize(word string) ([]int64, error) {
	n := len(word)
	type node struct {
		score float64
		from  int
		id    int64
		set   bool
	}
	best := make([]node, n+1)
	best[0].set = true
	for i := 0; i < n; {
		if !best[i].set {
			return nil, fmt.Errorf("tokenizer: unigram lattice broken at byte %d", i)
		}
		_, size := utf8.DecodeRuneInString(word[i:])
		coveredRune := false
		for end := i + 1; end <= n && end-i <= u.maxLen; end++ {
			if end < n && !utf8.RuneStart(word[end]) {
				continue
			}
			p, ok := u.pieces[word[i:end]]
			if !ok {
				continue
			}
			if end == i+size {
				coveredRune = true
			}
			s := best[i].score + p.score
			if !best[end].set || s > best[end].score {
				best[end] = node{score: s, from: i, id: p.id, set: true}
			}
		}
		if !coveredRune {
			s := best[i].score + u.unkScore
			if e := i + size; !best[e].set || s > best[e].score {
				best[e] = node{score: s, from: i, id: u.unk, set: true}
			}
		}
		i += size
	}
	var rev []int64
	for pos := n; pos > 0; pos = best[pos].from {
		id := best[pos].id
		if id == u.unk && len(rev) > 0 && rev[len(rev)-1] == u.unk {
			continue // fuse unknowns
		}
		rev = append(rev, id)
	}
	out := make([]int64, len(rev))
	for i, id := range rev {
		out[len(rev)-1-i] = id
	}
	return out, nil
}
