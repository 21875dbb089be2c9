package contact

import (
	"regexp"
	"strings"
)

// splitPunct separates leading and trailing characters that belong to the
// sentence rather than to the address ("<", ">", "(", ")", ",", ";", a
// final ".").
func splitPunct(s string) (pre, core, post string) {
	i := 0
	for i < len(s) && strings.IndexByte("<([{\"' \t\n", s[i]) >= 0 {
		i++
	}
	j := len(s)
	for j > i && strings.IndexByte(">)]}\"',;:.!? \t\n", s[j-1]) >= 0 {
		j--
	}
	return s[:i], s[i:j], s[j:]
}

// planHost plans a host name: the TLD and "www"-like labels are kept,
// labels spelling a surrogated organisation use its surrogate, other
// labels are planned token by token. An IPv4 address gets random octets.
func planHost(h string, lx *lexicon, o tokenOpts) plan {
	if ipv4.MatchString(h) {
		var p plan
		for i, oc := range strings.Split(h, ".") {
			if i > 0 {
				p = append(p, part{kind: pKeep, text: "."})
			}
			p = append(p, part{kind: pOctet, text: oc})
		}
		return p
	}
	labels := strings.Split(h, ".")
	var p plan
	extraDone := false
	for i, l := range labels {
		if i > 0 {
			p = append(p, part{kind: pKeep, text: "."})
		}
		last := i == len(labels)-1 && len(labels) > 1
		lc := compact(l, false)
		switch {
		case last || l == "":
			p = append(p, part{kind: pKeep, text: l})
			continue
		case lc == "www" || (strings.HasPrefix(lc, "www") && isDigits(lc[3:])):
			p = append(p, part{kind: pKeep, text: l})
			continue
		}
		if v, ok := lx.facilityLabel(l, false); ok {
			// a facility of the document: its surrogate's label
			p = append(p, part{kind: pFixed, text: l, fixed: v})
			if !extraDone {
				p = append(p, part{kind: pExtra})
				extraDone = true
			}
			continue
		}
		switch {
		case generic[lc] && translit(l) == l:
			var pool []string
			if o.plausible {
				pool = lx.plausible(len(lc))
			}
			p = append(p, part{kind: pGeneric, text: l, pool: pool}, part{kind: pExtra})
			extraDone = true
			continue
		}
		if h, ok := lx.orgs[lc]; ok {
			sep := ""
			if strings.Contains(l, "-") {
				sep = "-"
			}
			p = append(p, part{kind: pFixed, text: l, fixed: slug(h.surrogate, sep)})
		} else {
			p = append(p, planTokens(l, lx, o)...)
		}
		if !extraDone {
			p = append(p, part{kind: pExtra})
			extraDone = true
		}
	}
	return p
}

var ipv4 = regexp.MustCompile(`^\d{1,3}(\.\d{1,3}){3}$`)

// planEmail plans an e-mail address (optionally "mailto:" and
// surrounding punctuation). ok is false when s is not shaped like one.
func planEmail(s string, lx *lexicon) (plan, bool) {
	pre, core, post := splitPunct(s)
	var p plan
	p = append(p, part{kind: pKeep, text: pre})
	if len(core) >= 7 && strings.EqualFold(core[:7], "mailto:") {
		p = append(p, part{kind: pKeep, text: core[:7]})
		core = core[7:]
	}
	at, atLen := strings.LastIndexByte(core, '@'), 1
	if at < 0 {
		// obfuscated: "name(at)host.de", "name [at] host.de"
		if loc := obfuscatedAt.FindStringIndex(core); loc != nil {
			at, atLen = loc[0], loc[1]-loc[0]
		}
	}
	if at <= 0 || at+atLen >= len(core) {
		return nil, false
	}
	local, sign, host := core[:at], core[at:at+atLen], core[at+atLen:]
	if strings.ContainsAny(local+host, " \t\n") || !strings.Contains(host, ".") {
		return nil, false
	}
	o := tokenOpts{ascii: true, plausible: true}
	p = append(p, planLocal(local, lx, o)...)
	p = append(p, part{kind: pExtra}, part{kind: pKeep, text: sign})
	p = append(p, planHost(host, lx, o)...)
	p = append(p, part{kind: pKeep, text: post})
	return p, true
}

// planLocal plans an e-mail local part: its dot-separated segments that
// spell a facility of the document ("nct-ambulanz", "kardiologie.stift")
// follow that facility's surrogate; without one the local part is planned
// token by token as a whole (so that "von.der.leyen" stays one name).
func planLocal(local string, lx *lexicon, o tokenOpts) plan {
	segs := strings.Split(local, ".")
	fixed := make([]string, len(segs))
	found := false
	for i, s := range segs {
		if v, ok := lx.facilityLabel(s, true); ok {
			fixed[i], found = v, true
		}
	}
	if !found {
		return planTokens(local, lx, o)
	}
	var p plan
	for i, s := range segs {
		if i > 0 {
			p = append(p, part{kind: pKeep, text: "."})
		}
		if fixed[i] != "" {
			p = append(p, part{kind: pFixed, text: s, fixed: fixed[i]})
		} else {
			p = append(p, planTokens(s, lx, o)...)
		}
	}
	return p
}

var obfuscatedAt = regexp.MustCompile(`(?i)\s*[(\[{]\s*(at|ät|@)\s*[)\]}]\s*`)

var schemeRE = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.\-]*://`)

// planURL plans a URL: scheme, "www.", port, TLD, separators, file
// extensions and query keys are kept; host labels as in e-mail hosts; path
// segments, query values and fragments token by token.
func planURL(s string, lx *lexicon) plan {
	pre, core, post := splitPunct(s)
	p := plan{{kind: pKeep, text: pre}}
	o := tokenOpts{}
	if m := schemeRE.FindString(core); m != "" {
		p = append(p, part{kind: pKeep, text: m})
		core = core[len(m):]
	}
	end := strings.IndexAny(core, "/?#")
	if end < 0 {
		end = len(core)
	}
	auth, rest := core[:end], core[end:]
	if at := strings.LastIndexByte(auth, '@'); at >= 0 {
		p = append(p, planTokens(auth[:at+1], lx, o)...)
		auth = auth[at+1:]
	}
	port := ""
	if c := strings.LastIndexByte(auth, ':'); c >= 0 && isDigits(auth[c+1:]) {
		auth, port = auth[:c], auth[c:]
	}
	if auth != "" {
		p = append(p, planHost(auth, lx, tokenOpts{plausible: true})...)
	}
	p = append(p, part{kind: pKeep, text: port})
	frag := ""
	if i := strings.IndexByte(rest, '#'); i >= 0 {
		rest, frag = rest[:i], rest[i:]
	}
	query := ""
	if i := strings.IndexByte(rest, '?'); i >= 0 {
		rest, query = rest[:i], rest[i:]
	}
	// path
	segs := strings.Split(rest, "/")
	for i, seg := range segs {
		if i > 0 {
			p = append(p, part{kind: pKeep, text: "/"})
		}
		name, ext := seg, ""
		if d := strings.LastIndexByte(seg, '.'); d > 0 && i == len(segs)-1 && isExt(seg[d+1:]) {
			name, ext = seg[:d], seg[d:]
		}
		p = append(p, planTokens(name, lx, o)...)
		p = append(p, part{kind: pKeep, text: ext})
	}
	// query: keys kept, values planned
	if query != "" {
		p = append(p, part{kind: pKeep, text: "?"})
		for _, pair := range splitKeep(query[1:], "&;") {
			switch eq := strings.IndexByte(pair, '='); {
			case pair == "&" || pair == ";":
				p = append(p, part{kind: pKeep, text: pair})
			case eq >= 0:
				p = append(p, part{kind: pKeep, text: pair[:eq+1]})
				p = append(p, planTokens(pair[eq+1:], lx, o)...)
			default:
				p = append(p, planTokens(pair, lx, o)...)
			}
		}
	}
	if frag != "" {
		p = append(p, part{kind: pKeep, text: "#"})
		p = append(p, planTokens(frag[1:], lx, o)...)
	}
	p = append(p, part{kind: pKeep, text: post})
	return p
}

// isExt reports whether e looks like a file extension (1-5 letters or
// digits, at least one letter).
func isExt(e string) bool {
	if len(e) < 1 || len(e) > 5 {
		return false
	}
	letter := false
	for _, c := range e {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
			letter = true
		case c >= '0' && c <= '9':
		default:
			return false
		}
	}
	return letter
}

// splitKeep splits s at any of the separator bytes, keeping the separators
// as their own elements.
func splitKeep(s, seps string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(seps, s[i]) >= 0 {
			if i > start {
				out = append(out, s[start:i])
			}
			out = append(out, s[i:i+1])
			start = i + 1
		}
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}
