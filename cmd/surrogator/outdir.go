package main

import (
	"errors"
	"fmt"
	"os"
)

// checkOut makes sure the output folder exists (created when absent, as a
// run creates it) and can be written, before a verb reads any input: a
// mistyped or read-only --out must not cost a read of the whole corpus.
func checkOut(out string) error {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return fmt.Errorf("output folder %s cannot be created: %w", out, errors.Unwrap(err))
	}
	f, err := os.CreateTemp(out, ".surrogator-write-check-*")
	if err != nil {
		return fmt.Errorf("output folder %s is not writable: %w", out, errors.Unwrap(err))
	}
	name := f.Name()
	f.Close()
	if err := os.Remove(name); err != nil {
		return fmt.Errorf("output folder %s: %w", out, errors.Unwrap(err))
	}
	return nil
}
