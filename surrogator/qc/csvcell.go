package qc

import (
	"errors"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Cells of the CSV files qc writes (corpus_documents.csv, corpus_details.csv,
// statistics.csv, suspects.csv and CSV, which the web app's toggle file
// uses).
//
// A spreadsheet reads a cell that begins with =, +, -, @, tab or CR as a
// formula: a document named =HYPERLINK(…) would become a live link in the
// file reviewers open and edit. Every cell is therefore written as
// escapeCell returns it (OWASP's rule, "CSV injection"): a cell that
// begins with one of these characters gets a ' in front, which
// spreadsheets show as text. So that the toggle reader gives back exactly
// the name qc wrote — whatever it holds — two more cases are escaped:
//
//   - a cell that begins with ' itself gets another ' in front: the reader
//     removes one ' that stands before =, +, -, @, tab, CR or ', so a
//     name that legitimately begins with ' is written with two and read
//     back with one, never mistaken for an escaped one;
//   - a cell that the reader could not give back as written — not valid
//     UTF-8 (a cp1252 file name; the reader would decode the whole file as
//     Windows-1252), holding a CR (the CSV reader turns CR LF into LF), or
//     beginning or ending with white space (the reader trims cells) — is
//     written as ' followed by the name as a Go string literal
//     ('"\tBrief.txt", '"M\xfcller.txt"), which unescapeCell unquotes.
//
// Such names are rare; every other cell is written as is. Cells that
// begin with ' and are none of these (a reviewer's own 'x) are read as
// written.
const formulaStart = "=+-@\t\r"

// errCell is returned for a cell that begins with '" but is not a Go
// string literal.
var errCell = errors.New(`a cell beginning with '" must be a quoted name as qc writes it`)

// escapeCell returns the CSV cell for s (see formulaStart).
func escapeCell(s string) string {
	if s == "" {
		return s
	}
	first, _ := utf8.DecodeRuneInString(s)
	last, _ := utf8.DecodeLastRuneInString(s)
	if !utf8.ValidString(s) || strings.IndexByte(s, '\r') >= 0 || unicode.IsSpace(first) || unicode.IsSpace(last) {
		return "'" + strconv.Quote(s)
	}
	if strings.IndexByte(formulaStart+"'", s[0]) >= 0 {
		return "'" + s
	}
	return s
}

// unescapeCell returns the value of a cell escapeCell wrote (c without
// the white space around it, as the toggle reader trims cells).
func unescapeCell(c string) (string, error) {
	if len(c) < 2 || c[0] != '\'' {
		return c, nil
	}
	if c[1] == '"' {
		s, err := strconv.Unquote(c[1:])
		if err != nil {
			return "", errCell
		}
		return s, nil
	}
	if strings.IndexByte(formulaStart+"'", c[1]) >= 0 {
		return c[1:], nil
	}
	return c, nil
}

// escapeRow returns the escaped cells of row in buf (reused).
func escapeRow(buf, row []string) []string {
	buf = buf[:0]
	for _, c := range row {
		buf = append(buf, escapeCell(c))
	}
	return buf
}
