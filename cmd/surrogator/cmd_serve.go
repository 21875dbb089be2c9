package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/spf13/cobra"
	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/webapp"
)

type serveOptions struct {
	addr      string
	data      string
	password  string
	token     string
	maxUpload int64
	geodata   []string
	pools     string
	emb       embedderFlags
	resources string
	workers   int
	allowHost []string
}

// Environment variables that carry the secrets (a flag value is visible to
// every user of the machine in the process list).
const (
	envServePassword = "SURROGATOR_SERVE_PASSWORD"
	envServeToken    = "SURROGATOR_SERVE_TOKEN"
)

func newServeCmd() *cobra.Command {
	var o serveOptions
	c := &cobra.Command{
		Use:   "serve",
		Short: "Serve the local web app (upload, QC review, surrogation, download)",
		Long: `serve starts the local web app: load projects (upload an INCEpTION export zip,
CAS JSON/XMI, BRAT or JSON Lines files, or pull a project over INCEpTION's
remote API), review quality control (counts per kind, flagged documents with
their reasons, documents with the PII spans highlighted by kind), decide the
release per document, run the surrogation (mode, scope, date shift, geodata
pack, key) with live progress, compare original and surrogate side by side,
and download the public zip.

Open the URL it prints: it carries a random access token (--token or
` + envServeToken + ` fixes it), which the browser trades for a session cookie.
With --password (or ` + envServePassword + `; at least 12 characters) a login page
accepts the password as well; sign-in attempts are limited to 2 per second
for the whole server (a burst of 4; an attempt that would wait more than
5 s gets 429 unchecked).

Security:
  - binds to 127.0.0.1 by default; a non-loopback address (or :PORT, every
    interface) is refused unless a password or a fixed token is set, and
    then the connection is still plain http: put a TLS proxy in front
  - every state-changing request needs the page's CSRF token (403 without),
    whatever its content type, and must come from the server's own origin
    when the browser names one (Origin, or Referer)
  - the server answers only to localhost, 127.0.0.1, [::1] and the --addr
    host on its port, and to the names given with --allow-host (421
    otherwise: a page on another site cannot reach it by DNS rebinding)
  - a request body must arrive at 4 KiB/s at least over 30 s of reading;
    a session ends after 2 hours without use and 12 hours after it began;
    at most 32 sessions are live (the oldest ends); "Sign out" ends one
  - a strict Content-Security-Policy, no external resources
  - uploads are limited to --max-upload bytes per request, stored under
    generated names; original file names stay in the data folder
  - the data folder (--data) is private (0700, files 0600, also the runs'
    public folders): it holds the uploads, the release decisions
    (toggle.csv per project), the keys and the runs (public and private
    folders as 'surrogator run' writes them); an existing folder that
    holds other files is refused (give a new or empty one)
  - the private key and mapping leave the server only through an explicit
    download with a confirmation
  - the server log (stderr) names method, route pattern and status only

The INCEpTION password is kept in memory for 30 minutes, never on disk.
Stop the server with Ctrl-C (exit 0); a run in progress is interrupted and
nothing of it is published.

Exit codes: 0 stopped; 1 error (address in use, data folder not usable);
2 usage (also: a non-loopback address without a password or token).`,
		Example: `  surrogator serve
  surrogator serve --data ~/surrogator-data --geodata germany.pack
  SURROGATOR_SERVE_PASSWORD=… surrogator serve --addr 10.0.0.5:8080`,
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runServe(cmd, o)
		},
	}
	f := c.Flags()
	f.StringVar(&o.addr, "addr", "127.0.0.1:8080", "listen address; port 0 picks a free port")
	f.StringVar(&o.data, "data", defaultServeData(), "private data folder (created 0700)")
	f.StringVar(&o.password, "password", "", "password of the login page, at least 12 characters (default $"+envServePassword+"); needed on a non-loopback address unless --token is set")
	f.StringVar(&o.token, "token", "", "fixed access token instead of a random one per start (default $"+envServeToken+")")
	f.Int64Var(&o.maxUpload, "max-upload", webapp.DefaultMaxUpload, "largest upload request in bytes")
	f.StringArrayVar(&o.geodata, "geodata", nil, "geodata pack offered on the run page (repeatable; default: embedded gazetteer only)")
	f.StringVar(&o.pools, "pools", "", "directory of facility name lists for packs without embedded pools (as in run)")
	f.StringVar(&o.emb.name, "embedder", "builtin", "embedder of the facility pools: builtin or onnx")
	f.StringVar(&o.emb.model, "model", "", "with --embedder onnx: directory with model.onnx and tokenizer.json")
	f.StringVar(&o.resources, "resources", "", "directory with name lists/gazetteer replacing or extending the embedded ones")
	f.IntVarP(&o.workers, "workers", "j", runtime.NumCPU(), "parallel workers of a run")
	f.StringArrayVar(&o.allowHost, "allow-host", nil, "further host name the server answers to, NAME (any port) or NAME:PORT, e.g. a TLS proxy's (repeatable)")
	return c
}

func defaultServeData() string {
	if d, err := os.UserConfigDir(); err == nil {
		return filepath.Join(d, "surrogator", "serve")
	}
	return "surrogator-data"
}

func runServe(cmd *cobra.Command, o serveOptions) error {
	if o.password == "" {
		o.password = os.Getenv(envServePassword)
	}
	if o.token == "" {
		o.token = os.Getenv(envServeToken)
	}
	if o.token != "" && len(o.token) < 16 {
		return usageError{errors.New("--token must be at least 16 characters")}
	}
	if o.password != "" && utf8.RuneCountInString(o.password) < webapp.MinPassword {
		return usageError{fmt.Errorf("--password must be at least %d characters", webapp.MinPassword)}
	}
	if err := webapp.CheckAddr(o.addr, o.password, o.token); err != nil {
		return usageError{fmt.Errorf("%w: set --password or --token (or keep the default 127.0.0.1)", err)}
	}
	cfg := webapp.Config{Addr: o.addr, DataDir: o.data, Password: o.password, Token: o.token, MaxUpload: o.maxUpload,
		Workers: o.workers, Version: version, AllowHosts: o.allowHost, Log: slog.New(slog.NewTextHandler(cmd.ErrOrStderr(), nil))}
	if o.resources != "" {
		r, err := data.Load(o.resources)
		if err != nil {
			return err
		}
		cfg.Resources = r
	}
	model, err := o.emb.check()
	if err != nil {
		return err
	}
	// a run with a pack opens it with these pools and embedder
	// (runspec.Open): the web app's runs are specified as run's
	cfg.ResourcesDir, cfg.PoolsDir, cfg.ModelDir, cfg.Env = o.resources, o.pools, model, env
	for _, g := range o.geodata {
		if _, err := os.Stat(g); err != nil {
			return usageError{fmt.Errorf("--geodata: %w", err)}
		}
		cfg.Packs = append(cfg.Packs, webapp.GeoPack{Name: filepath.Base(g), Path: g})
	}
	ctx := cmd.Context()
	if ctx == nil {
		ctx = context.Background()
	}
	srv, err := webapp.New(cfg)
	if err != nil {
		return err
	}
	defer srv.Close()
	ln, err := net.Listen("tcp", o.addr)
	if err != nil {
		return err
	}
	return serve(ctx, srv, ln, cmd.OutOrStdout())
}

// serve runs the HTTP server on ln until ctx is done.
func serve(ctx context.Context, srv *webapp.Server, ln net.Listener, out interface{ Write([]byte) (int, error) }) error {
	// no fixed ReadTimeout or WriteTimeout (an upload of a large corpus
	// takes minutes): the server enforces a minimum transfer rate instead
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute, MaxHeaderBytes: 64 << 10}
	addr := ln.Addr().String()
	if strings.HasPrefix(addr, "[::]") || strings.HasPrefix(addr, "0.0.0.0") {
		addr = "localhost" + addr[strings.LastIndex(addr, ":"):]
	}
	fmt.Fprintf(out, "surrogator serve: open %s\n(stop with Ctrl-C)\n", srv.URL(addr))
	err := serveUntil(ctx, hs, ln)
	srv.Close()
	return err
}

// serveUntil runs hs on ln until ctx is done (then shuts it down, giving
// requests under way 5 s) or the server fails.
func serveUntil(ctx context.Context, hs *http.Server, ln net.Listener) error {
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = hs.Shutdown(sctx)
	return nil
}
