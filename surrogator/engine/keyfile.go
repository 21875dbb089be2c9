package engine

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// The key file format (version 1), three lines of ASCII:
//
//	surrogator key v1
//	key: <the key in hex, 64 digits for the 32 random bytes LoadKey makes>
//	sha256: <SHA-256 of the key bytes in hex>
//
// The version line says what follows; the checksum tells a damaged key
// (truncated, a byte flipped, a line lost) from a good one, so that a
// damaged key is refused instead of silently keying surrogates that no
// longer match the earlier batches of a corpus scope.
//
// Files written before the format had a version hold the key alone (hex,
// or text of at least 16 bytes). They are still read, with a warning
// (ReadKey: Key.Warning) naming the key's fingerprint; a pure-hex key of
// odd length or of fewer than 32 digits is refused as truncated, and a
// key of several lines as damaged (no writer made one; a version 1 file
// whose first line was altered looks like this).
const (
	keyHeader    = "surrogator key v1"
	keyHeaderPfx = "surrogator key" // any version
)

// ErrKeyDamaged is wrapped by the error for a key file that is not a
// complete key: truncated, altered or of an unknown version.
var ErrKeyDamaged = errors.New("the key file is damaged")

// ErrKeyPermissions is wrapped by the error for a key file that group or
// others may read or write (as ssh refuses such a private key).
var ErrKeyPermissions = errors.New("the key file is accessible to group or others")

// KeyOptions adjusts ReadKey.
type KeyOptions struct {
	// InsecurePerms accepts a key file that group or others may read or
	// write (--key-insecure-perms); else it is refused.
	InsecurePerms bool
}

// Key is a key read (or created) by ReadKey.
type Key struct {
	Bytes []byte
	// Fingerprint identifies the key without revealing it (run.json's
	// key_fingerprint).
	Fingerprint string
	// Created tells that the file did not exist and was made.
	Created bool
	// Warning is non-empty for a key file in the old format without
	// version and checksum (its damage cannot be detected); the caller
	// shows it. It names the file and the fingerprint, never the key.
	Warning string
}

// EncodeKey returns the key file content of key (version 1).
func EncodeKey(key []byte) []byte {
	sum := sha256.Sum256(key)
	return []byte(keyHeader + "\nkey: " + hex.EncodeToString(key) + "\nsha256: " + hex.EncodeToString(sum[:]) + "\n")
}

// ReadKey reads a key file, creating it (0600, 32 random bytes, version 1)
// when absent. A key file that group or others may access is refused
// unless o.InsecurePerms; a damaged one always (ErrKeyDamaged).
func ReadKey(path string, o KeyOptions) (*Key, error) {
	b, err := readKeyFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return createKey(path)
	}
	if err != nil {
		return nil, fmt.Errorf("engine: key: %w", err)
	}
	if !o.InsecurePerms {
		fi, err := os.Stat(path)
		if err != nil {
			return nil, fmt.Errorf("engine: key: %w", err)
		}
		if perm := fi.Mode().Perm(); perm&0o077 != 0 {
			return nil, fmt.Errorf("engine: key file %s: %w (mode %04o): chmod 600 it, or accept it with --key-insecure-perms", path, ErrKeyPermissions, perm)
		}
	}
	k, legacy, err := decodeKey(b)
	if err != nil {
		return nil, fmt.Errorf("engine: key file %s: %w", path, err)
	}
	key := &Key{Bytes: k, Fingerprint: KeyFingerprint(k)}
	if legacy {
		key.Warning = fmt.Sprintf("key file %s is in the old format without version and checksum (damage to it cannot be detected); key fingerprint %s — compare it with run.json's key_fingerprint of earlier runs", path, key.Fingerprint)
	}
	return key, nil
}

// LoadKey is ReadKey with the default options that returns the key bytes
// only (a caller that cannot show a warning: the web app, which stores
// keys it writes itself).
func LoadKey(path string) ([]byte, error) {
	k, err := ReadKey(path, KeyOptions{})
	if err != nil {
		return nil, err
	}
	return k.Bytes, nil
}

// decodeKey returns the key of a key file's content and whether it was in
// the old format.
func decodeKey(b []byte) (key []byte, legacy bool, err error) {
	if bytes.HasPrefix(b, []byte(keyHeaderPfx)) {
		key, err := decodeKeyV1(b)
		return key, false, err
	}
	s := strings.TrimSpace(string(b))
	if s == "" {
		return nil, false, fmt.Errorf("%w: it is empty", ErrKeyDamaged)
	}
	if isHex(s) {
		if len(s)%2 == 1 || len(s) < 32 {
			return nil, false, fmt.Errorf("%w: %d hex digits (a key has an even number, at least 32): truncated?", ErrKeyDamaged, len(s))
		}
		k, _ := hex.DecodeString(s)
		return k, true, nil
	}
	if strings.ContainsAny(s, "\r\n") {
		// no writer made a key of several lines; a version 1 file whose
		// first line was altered looks like this
		return nil, false, fmt.Errorf("%w: several lines, but no %q line first", ErrKeyDamaged, keyHeader)
	}
	if len(s) < 16 {
		return nil, false, fmt.Errorf("too short (need ≥ 16 bytes)")
	}
	return []byte(s), true, nil
}

// decodeKeyV1 reads a key file that begins with the version line.
func decodeKeyV1(b []byte) ([]byte, error) {
	lines := strings.Split(string(b), "\n")
	if len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	for i := range lines {
		lines[i] = strings.TrimSuffix(lines[i], "\r") // saved by a Windows editor
	}
	if lines[0] != keyHeader {
		return nil, fmt.Errorf("%w: the first line is not %q (another version, or altered)", ErrKeyDamaged, keyHeader)
	}
	if len(lines) != 3 || !strings.HasPrefix(lines[1], "key: ") || !strings.HasPrefix(lines[2], "sha256: ") {
		return nil, fmt.Errorf("%w: it needs the lines %q, \"key: …\" and \"sha256: …\" (truncated?)", ErrKeyDamaged, keyHeader)
	}
	k, err := hex.DecodeString(strings.TrimPrefix(lines[1], "key: "))
	if err != nil || len(k) < 16 {
		return nil, fmt.Errorf("%w: the key line is not a hex key of at least 16 bytes", ErrKeyDamaged)
	}
	sum, err := hex.DecodeString(strings.TrimPrefix(lines[2], "sha256: "))
	want := sha256.Sum256(k)
	if err != nil || subtle.ConstantTimeCompare(sum, want[:]) != 1 {
		return nil, fmt.Errorf("%w: the checksum does not match the key (altered or truncated)", ErrKeyDamaged)
	}
	return k, nil
}

func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}

// createKey makes a key file of 32 random bytes: written to a temporary
// file beside it, synced and linked into place, so that the file is
// never seen incomplete and a concurrent run that made one first wins
// (its key is read).
func createKey(path string) (*Key, error) {
	var k [32]byte
	if _, err := rand.Read(k[:]); err != nil {
		return nil, fmt.Errorf("engine: key: %w", err)
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("engine: key: %w", err)
	}
	f, err := os.CreateTemp(dir, ".key-*")
	if err != nil {
		return nil, fmt.Errorf("engine: key: %w", err)
	}
	tmp := f.Name()
	defer os.Remove(tmp)
	_, err = f.Write(EncodeKey(k[:]))
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, fmt.Errorf("engine: key: %w", err)
	}
	if err := os.Link(tmp, path); err != nil {
		if errors.Is(err, os.ErrExist) {
			return ReadKey(path, KeyOptions{})
		}
		return nil, fmt.Errorf("engine: key: %w", err)
	}
	return &Key{Bytes: k[:], Fingerprint: KeyFingerprint(k[:]), Created: true}, nil
}
