package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/surrogator/surrogator/surrogator/recommend"
	"github.com/surrogator/surrogator/surrogator/suspects"
)

const envRecommendSecret = "SURROGATOR_RECOMMEND_SECRET"

type recommendOptions struct {
	addr, name, secretFile string
	maxBody                byteSize
	timeout                time.Duration
	minScore               float64
	kindMin                []string
	quiet                  bool
}

// newRecommendCmd builds the recommend command.
func newRecommendCmd() *cobra.Command {
	o := recommendOptions{maxBody: 64 << 20}
	c := &cobra.Command{
		Use:   "recommend",
		Short: "Serve PII predictions to INCEpTION (external recommender)",
		Long: `recommend is an external recommender for INCEpTION: annotators see the QC
detector's PII predictions on the PHI layer and accept or reject them.

It answers INCEpTION's external-recommender protocol: POST /<name>/predict
takes the document (XMI), the type system and the layer and feature to
predict, and answers the XMI with predictions marked as INCEpTION expects
(inception_internal_predicted, <feature>_score, <feature>_score_explanation);
POST /<name>/train answers 204 and learns nothing. No document is stored or
logged; stderr gets one line per request with its status and counts.

It listens on 127.0.0.1 by default. A non-loopback address needs a shared
secret (--secret-file or $` + envRecommendSecret + `), which every request must
send in the ` + recommend.SecretHeader + ` header.

In INCEpTION: Project settings → Recommenders → Create; Tool: Remote
classifier; Layer: PHI; Feature: kind; Remote URL:
http://127.0.0.1:5000/phi (see docs/preannotation.md).`,
		Example: `  surrogator recommend
  surrogator recommend --listen 127.0.0.1:5005 --min-score 0.8
  SURROGATOR_RECOMMEND_SECRET=… surrogator recommend --listen 10.0.0.5:5000`,
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runRecommend(cmd.Context(), cmd.OutOrStdout(), cmd.ErrOrStderr(), o)
		},
	}
	f := c.Flags()
	f.StringVar(&o.addr, "listen", "127.0.0.1:5000", "address to listen on")
	f.StringVar(&o.name, "name", "phi", "recommender name: the path is /<name>/predict")
	f.StringVar(&o.secretFile, "secret-file", "", "file holding the shared secret (default $"+envRecommendSecret+"); needed on a non-loopback address")
	f.Var(&o.maxBody, "max-body", "largest request (e.g. 64MiB)")
	f.DurationVar(&o.timeout, "timeout", time.Minute, "most time for one request")
	f.Float64Var(&o.minScore, "min-score", 0, "drop predictions whose score (the rule's measured precision) is below this")
	f.StringArrayVar(&o.kindMin, "min-score-kind", nil, "per-kind threshold KIND=SCORE (repeatable), e.g. PROFESSION=0.9")
	f.BoolVarP(&o.quiet, "quiet", "q", false, "no line per request")
	return c
}

func runRecommend(ctx context.Context, stdout, stderr io.Writer, o recommendOptions) error {
	secret := os.Getenv(envRecommendSecret)
	if o.secretFile != "" {
		b, err := os.ReadFile(o.secretFile)
		if err != nil {
			return usageError{fmt.Errorf("--secret-file: %w", err)}
		}
		secret = strings.TrimSpace(string(b))
	}
	if secret != "" && len(secret) < 16 {
		return usageError{errors.New("the shared secret must be at least 16 characters")}
	}
	loop, err := loopbackAddr(o.addr)
	if err != nil {
		return usageError{fmt.Errorf("--listen: %w", err)}
	}
	if !loop && secret == "" {
		return usageError{fmt.Errorf("--listen %s is not a loopback address: set a shared secret with --secret-file or $%s", o.addr, envRecommendSecret)}
	}
	if o.minScore < 0 || o.minScore > 1 {
		return usageError{errors.New("--min-score must be between 0 and 1")}
	}
	p := recommend.NewPredictor(suspects.New(suspects.Options{}))
	p.MinScore = o.minScore
	if p.KindMin, err = parseKindMin(o.kindMin); err != nil {
		return err
	}
	opt := recommend.ServerOptions{Name: o.name, Secret: secret,
		Limits: recommend.Limits{MaxBody: int64(o.maxBody), Timeout: o.timeout}}
	if !o.quiet {
		opt.OnRequest = func(route string, status, n int, took time.Duration) {
			fmt.Fprintf(stderr, "%s %s %d: %d predictions in %s\n", time.Now().Format("15:04:05"), route, status, n, took.Round(time.Millisecond))
		}
	}
	ln, err := net.Listen("tcp", o.addr)
	if err != nil {
		return err
	}
	if ctx == nil {
		ctx = context.Background()
	}
	hs := &http.Server{Handler: recommend.NewServer(p, opt), ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout: o.timeout, WriteTimeout: o.timeout + 10*time.Second, IdleTimeout: 2 * time.Minute}
	fmt.Fprintf(stdout, "surrogator recommend: remote URL http://%s/%s (predict, train)\n(stop with Ctrl-C)\n", ln.Addr(), o.name)
	return serveUntil(ctx, hs, ln)
}

// loopbackAddr reports whether host:port names a loopback address only.
func loopbackAddr(addr string) (bool, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false, err
	}
	if host == "localhost" {
		return true, nil
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback(), nil
}
