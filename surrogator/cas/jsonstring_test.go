package cas

import (
	"encoding/json"
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
