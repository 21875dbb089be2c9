package cas

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzJSONString holds jsonString to json.Unmarshal into a string.
func FuzzJSONString(f *testing.F) {
	for _, s := range []string{`""`, `"abc"`, `"a\"b"`, `"\u00fc"`, "\"a\x01b\"", `"ü"`, "\"\xff\"", `"a"b"`, `"`, `x`, `"\\"`, `null`, `1`,
		`"Zeile 1\nZeile 2\r\n\tTab \/ \b\f"`, `"\ud83d\ude00 emoji"`, `"\ud83d lone"`, `"\ude00"`, `"\ud83d\u0041"`, `"\u12"`, `"\x"`, `"end\"`, "\"\\n\xff\"", `"\u0000"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		var want string
		err := json.Unmarshal(raw, &want)
		got, ok := jsonString(raw)
		if ok != (err == nil) || ok && got != want {
			t.Fatalf("%q: %q %v, json.Unmarshal %q %v", raw, got, ok, want, err)
		}
	})
}

// BenchmarkSofaString decodes the sofa string of a shared GraSCCo letter
// (line breaks, so escapes) with jsonString and with encoding/json.
func BenchmarkSofaString(b *testing.B) {
	// ../shared beside the repository (testutil imports this package)
	files, _ := filepath.Glob(filepath.Join("..", "..", "..", "shared", "corpora", "grascco-pii", "*.json"))
	if len(files) == 0 {
		b.Skip("no shared letters")
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		b.Fatal(err)
	}
	var cas struct {
		FS []map[string]json.RawMessage `json:"%FEATURE_STRUCTURES"`
	}
	if err := json.Unmarshal(data, &cas); err != nil {
		b.Fatal(err)
	}
	var raw []byte // the sofa string as the file writes it
	for _, f := range cas.FS {
		if string(f["%TYPE"]) == `"`+TypeSofa+`"` {
			raw = f["sofaString"]
		}
	}
	if len(raw) == 0 {
		b.Fatal("no sofa string")
	}
	b.Run("jsonString", func(b *testing.B) {
		b.SetBytes(int64(len(raw)))
		for b.Loop() {
			if _, ok := jsonString(raw); !ok {
				b.Fatal("not a string")
			}
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		b.SetBytes(int64(len(raw)))
		for b.Loop() {
			var s string
			if err := json.Unmarshal(raw, &s); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// FuzzSetString: SetString (AppendJSONString) encodes every string as
// json.Marshal does (HTML characters, U+2028/9, control characters,
// invalid UTF-8).
func FuzzSetString(f *testing.F) {
	for _, s := range []string{"", "a\"b\\c", "<&>", "\u2028\u2029", "\x00\x1f\b\f\t\n\r\x7f", "\xff\xed\xa0\x80", "Müller 😀"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := json.Marshal(s)
		var fs FS
		fs.SetString("x", s)
		if got := fs.Features[0].Value; !bytes.Equal(got, want) {
			t.Fatalf("%q encoded as %s, json.Marshal: %s", s, got, want)
		}
	})
}

// FuzzJSONEscapes holds the three escapers to encoding/json: AppendJSONStringNoHTML
// to an Encoder with HTML escaping off, AppendJSONEscaped to that without
// the quotes and with U+2028 and U+2029 as they are (read back as the
// same string by json.Unmarshal).
func FuzzJSONEscapes(f *testing.F) {
	for _, s := range []string{"", "a\"b\\c", "<&>", "\u2028\u2029", "\x00\x1f\b\f\t\n\r\x7f", "\xff\xed\xa0\x80", "Müller 😀",
		"Sehr geehrte Frau Kollegin, wir berichten über Herrn Müller\n", "12345678\"2345678\\", "abcdefg\xc3", "abcdefgh\xe2\x80\xa8abcdefgh"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var enc bytes.Buffer
		e := json.NewEncoder(&enc)
		e.SetEscapeHTML(false)
		if err := e.Encode(s); err != nil {
			t.Fatal(err)
		}
		want := bytes.TrimSuffix(enc.Bytes(), []byte("\n"))
		if got := AppendJSONStringNoHTML(nil, s); !bytes.Equal(got, want) {
			t.Fatalf("%q: AppendJSONStringNoHTML %s, encoding/json %s", s, got, want)
		}
		want = bytes.ReplaceAll(bytes.ReplaceAll(want[1:len(want)-1], []byte(`\u2028`), []byte("\u2028")), []byte(`\u2029`), []byte("\u2029"))
		if bytes.Contains([]byte(s), []byte(`\u202`)) {
			return // the replacement above cannot tell the escapes apart
		}
		if got := AppendJSONEscaped([]byte("x"), []byte(s)); !bytes.Equal(got[1:], want) {
			t.Fatalf("%q: AppendJSONEscaped %s, want %s", s, got[1:], want)
		}
	})
}

// BenchmarkJSONEscape: AppendJSONString of the sofa text of a letter
// (umlauts, line breaks, quotes).
func BenchmarkJSONEscape(b *testing.B) {
	text := strings.Repeat("Sehr geehrte Frau Kollegin,\nwir berichten über Herrn \"Hans\" Müller, geb. 12.03.1950, wohnhaft Hauptstraße 5, 01067 Dresden.\n", 100)
	buf := make([]byte, 0, 2*len(text))
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		buf = AppendJSONString(buf[:0], text)
	}
}
