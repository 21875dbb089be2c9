package engine

import (
	"bytes"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// writeKey writes a key file's content with the given mode.
func writeKey(t *testing.T, content []byte, mode os.FileMode) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "k.key")
	if err := os.WriteFile(p, content, mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, mode); err != nil { // umask
		t.Fatal(err)
	}
	return p
}

// TestKeyFileCreated: a new key file is version 1, 0600, and read back
// as the same key without a warning.
func TestKeyFileCreated(t *testing.T) {
	p := filepath.Join(t.TempDir(), "sub", "k.key")
	k, err := ReadKey(p, KeyOptions{})
	if err != nil || !k.Created || len(k.Bytes) != 32 || k.Warning != "" {
		t.Fatalf("create: %+v %v", k, err)
	}
	b, _ := os.ReadFile(p)
	if !bytes.Equal(b, EncodeKey(k.Bytes)) || !bytes.HasPrefix(b, []byte("surrogator key v1\nkey: ")) {
		t.Fatalf("file holds %q", b)
	}
	if fi, _ := os.Stat(p); fi.Mode().Perm() != 0o600 {
		t.Fatalf("mode %v", fi.Mode())
	}
	k2, err := ReadKey(p, KeyOptions{})
	if err != nil || k2.Created || !bytes.Equal(k2.Bytes, k.Bytes) || k2.Warning != "" || k2.Fingerprint != KeyFingerprint(k.Bytes) {
		t.Fatalf("re-read: %+v %v", k2, err)
	}
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(p), ".key-*")); len(left) != 0 {
		t.Fatalf("temporary files left: %v", left)
	}
}

// TestKeyFileConcurrentCreate: runs that create the same key file at once
// all get the one key that was linked into place.
func TestKeyFileConcurrentCreate(t *testing.T) {
	p := filepath.Join(t.TempDir(), "k.key")
	keys := make([][]byte, 8)
	var wg sync.WaitGroup
	for i := range keys {
		wg.Go(func() {
			k, err := ReadKey(p, KeyOptions{})
			if err != nil {
				t.Error(err)
				return
			}
			keys[i] = k.Bytes
		})
	}
	wg.Wait()
	for _, k := range keys[1:] {
		if !bytes.Equal(k, keys[0]) {
			t.Fatal("two keys for one file")
		}
	}
}

// TestKeyFileDamaged: a version 1 key file truncated anywhere, with any
// byte flipped, or with a line lost is refused with ErrKeyDamaged (issue
// 26, finding 6: a key truncated to 20 bytes was used as a text key).
func TestKeyFileDamaged(t *testing.T) {
	key := bytes.Repeat([]byte{0xa7, 0x3c, 0x01, 0xfe}, 8)
	good := EncodeKey(key)
	damaged := map[string][]byte{
		"no key line":      []byte("surrogator key v1\nsha256: " + strings.Repeat("0", 64) + "\n"),
		"unknown version":  bytes.Replace(good, []byte("v1"), []byte("v2"), 1),
		"empty":            nil,
		"white space only": []byte(" \n"),
	}
	for n := 0; n < len(good)-1; n++ { // without the final newline it is whole
		damaged["truncated to "+strconv.Itoa(n)] = good[:n]
	}
	for i := range good {
		for _, x := range []byte{0x01, 0x80, 0x20 ^ 0x01} {
			b := bytes.Clone(good)
			b[i] ^= x
			damaged["byte "+strconv.Itoa(i)+" ^ "+hex.EncodeToString([]byte{x})] = b
		}
	}
	// the old format: a hex key cut short
	old := []byte(hex.EncodeToString(key) + "\n")
	damaged["old hex truncated to 20 bytes"] = old[:20]
	damaged["old hex of odd length"] = old[:45]
	for name, b := range damaged {
		p := writeKey(t, b, 0o600)
		k, err := ReadKey(p, KeyOptions{})
		if err == nil {
			if name == "empty" || name == "white space only" {
				t.Errorf("%s: accepted", name)
				continue
			}
			t.Errorf("%s: accepted (key %x)", name, k.Bytes)
			continue
		}
		if !errors.Is(err, ErrKeyDamaged) && !strings.Contains(err.Error(), "too short") {
			t.Errorf("%s: %v, want ErrKeyDamaged", name, err)
		}
		if strings.Contains(err.Error(), hex.EncodeToString(key)[:16]) {
			t.Errorf("%s: the error shows the key: %v", name, err)
		}
	}
	// a final newline lost, CR LF line ends: the same key
	for _, b := range [][]byte{good[:len(good)-1], bytes.ReplaceAll(good, []byte("\n"), []byte("\r\n"))} {
		k, err := ReadKey(writeKey(t, b, 0o600), KeyOptions{})
		if err != nil || !bytes.Equal(k.Bytes, key) || k.Warning != "" {
			t.Errorf("%q: %v", b, err)
		}
	}
}

// TestKeyFileOldFormat: a key file of the old format (hex or text alone)
// is read as before, with a warning that names the fingerprint and never
// the key.
func TestKeyFileOldFormat(t *testing.T) {
	key := bytes.Repeat([]byte{0x5a, 0x11}, 16)
	for _, tc := range []struct {
		name    string
		content []byte
		want    []byte
	}{
		{"hex as LoadKey wrote it", []byte(hex.EncodeToString(key) + "\n"), key},
		{"hex of 16 bytes", []byte(hex.EncodeToString(key[:16])), key[:16]},
		{"text", []byte("  eine lange geheime Passphrase \n"), []byte("eine lange geheime Passphrase")},
	} {
		k, err := ReadKey(writeKey(t, tc.content, 0o600), KeyOptions{})
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if !bytes.Equal(k.Bytes, tc.want) {
			t.Errorf("%s: key %q, want %q", tc.name, k.Bytes, tc.want)
		}
		if !strings.Contains(k.Warning, "old format") || !strings.Contains(k.Warning, KeyFingerprint(tc.want)) ||
			strings.Contains(k.Warning, hex.EncodeToString(tc.want)) || strings.Contains(k.Warning, "Passphrase") {
			t.Errorf("%s: warning %q", tc.name, k.Warning)
		}
	}
	// LoadKey reads the same key
	if k, err := LoadKey(writeKey(t, []byte(hex.EncodeToString(key)), 0o600)); err != nil || !bytes.Equal(k, key) {
		t.Errorf("LoadKey: %x %v", k, err)
	}
	if _, err := ReadKey(writeKey(t, []byte("zu kurz"), 0o600), KeyOptions{}); err == nil || !strings.Contains(err.Error(), "too short") {
		t.Errorf("short text key: %v", err)
	}
}

// TestKeyFilePermissions: a key file group or others may read or write is
// refused unless InsecurePerms, as ssh refuses such a private key.
func TestKeyFilePermissions(t *testing.T) {
	content := EncodeKey(bytes.Repeat([]byte{7}, 32))
	for _, tc := range []struct {
		mode os.FileMode
		ok   bool
	}{{0o600, true}, {0o400, true}, {0o700, true}, {0o640, false}, {0o604, false}, {0o644, false}, {0o620, false}, {0o666, false}} {
		p := writeKey(t, content, tc.mode)
		_, err := ReadKey(p, KeyOptions{})
		if tc.ok != (err == nil) {
			t.Errorf("mode %04o: %v", tc.mode, err)
		}
		if !tc.ok && (!errors.Is(err, ErrKeyPermissions) || !strings.Contains(err.Error(), "--key-insecure-perms")) {
			t.Errorf("mode %04o: %v, want ErrKeyPermissions naming the flag", tc.mode, err)
		}
		if _, err := ReadKey(p, KeyOptions{InsecurePerms: true}); err != nil {
			t.Errorf("mode %04o with InsecurePerms: %v", tc.mode, err)
		}
		if _, err := LoadKey(p); tc.ok != (err == nil) {
			t.Errorf("LoadKey mode %04o: %v", tc.mode, err)
		}
	}
}
