// Package zipread opens zip archives defensively for the readers of
// package formats (plain zips of loose documents and INCEpTION project
// exports): entry names that are absolute or climb out with ".." are
// refused, non-UTF-8 (CP437) names are decoded, the entry count is checked
// against the end record before the central directory is read, and
// inflation is bounded per entry and in total so that a zip bomb fails
// cleanly with ErrEntryTooLarge, ErrArchiveTooLarge or ErrTooManyEntries.
package zipread
