package audit

// tokens is tokenizer.run with buffers of its own (for the tests).
func tokens(s string) []tok {
	tz := tokenizer{toks: make([]tok, 0, len(s)/8)}
	return tz.run(s)
}
