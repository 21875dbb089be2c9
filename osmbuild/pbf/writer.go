package pbf

import (
	"bytes"
	"fmt"
	"io"
	"sync"
	"sync/atomic"

	"github.com/klauspost/compress/zlib"
)

// WriterOptions configure a Writer.
type WriterOptions struct {
	// Raw writes uncompressed blobs (raw) instead of zlib_data.
	Raw bool
	// Level is the zlib level (1..9); 0 means 1.
	Level int
	// Workers compress blocks in parallel; < 1 means 1.
	Workers int
}

// Writer frames blocks (length prefix, BlobHeader, Blob), compressing them
// on a pool of workers while keeping their order. Its methods must be
// called from one goroutine.
type Writer struct {
	w       io.Writer
	raw     bool
	level   int
	jobs    chan *blobJob
	order   chan *blobJob
	done    chan struct{}
	wg      sync.WaitGroup
	mu      sync.Mutex
	err     error
	written atomic.Int64
	blocks  atomic.Int64
	free    chan []byte // recycled block buffers
	frames  chan []byte // recycled frame buffers
	closed  bool
}

type blobJob struct {
	typ   string
	block []byte
	out   chan []byte
}

// NewWriter starts a Writer on w; Close must be called to flush it and
// stop its goroutines.
func NewWriter(w io.Writer, opt WriterOptions) (*Writer, error) {
	level := opt.Level
	if level == 0 {
		level = 1
	}
	if !opt.Raw && (level < 1 || level > 9) {
		return nil, fmt.Errorf("pbf: zlib level %d out of range 1..9", opt.Level)
	}
	workers := max(opt.Workers, 1)
	bw := &Writer{
		w:      w,
		raw:    opt.Raw,
		level:  level,
		jobs:   make(chan *blobJob, workers),
		order:  make(chan *blobJob, 2*workers+2),
		done:   make(chan struct{}),
		free:   make(chan []byte, 2*workers+4),
		frames: make(chan []byte, 2*workers+4),
	}
	for range workers {
		bw.wg.Add(1)
		go bw.worker()
	}
	go bw.writer()
	return bw, nil
}

func (bw *Writer) worker() {
	defer bw.wg.Done()
	var zw *zlib.Writer
	var buf bytes.Buffer
	for j := range bw.jobs {
		var frame, out []byte
		var err error
		select {
		case out = <-bw.frames:
		default:
		}
		if bw.raw {
			frame, err = AppendFrame(out, j.typ, j.block, nil)
		} else {
			buf.Reset()
			if zw == nil {
				zw, err = zlib.NewWriterLevel(&buf, bw.level)
			} else {
				zw.Reset(&buf)
			}
			if err == nil {
				if _, err = zw.Write(j.block); err == nil {
					err = zw.Close()
				}
			}
			if err == nil {
				frame, err = AppendFrame(out, j.typ, j.block, buf.Bytes())
			}
		}
		if err != nil {
			bw.setErr(err)
			frame = nil
		}
		select {
		case bw.free <- j.block[:0]:
		default:
		}
		j.out <- frame
	}
}

func (bw *Writer) writer() {
	defer close(bw.done)
	for j := range bw.order {
		frame := <-j.out
		if frame == nil || bw.getErr() != nil {
			continue
		}
		n, err := bw.w.Write(frame)
		bw.written.Add(int64(n))
		bw.blocks.Add(1)
		if err != nil {
			bw.setErr(fmt.Errorf("pbf: write: %w", err))
		}
		select {
		case bw.frames <- frame[:0]:
		default:
		}
	}
}

func (bw *Writer) setErr(err error) {
	bw.mu.Lock()
	if bw.err == nil {
		bw.err = err
	}
	bw.mu.Unlock()
}

func (bw *Writer) getErr() error {
	bw.mu.Lock()
	defer bw.mu.Unlock()
	return bw.err
}

// Buffer returns a reusable byte slice to encode a block into.
func (bw *Writer) Buffer() []byte {
	select {
	case b := <-bw.free:
		return b
	default:
		return make([]byte, 0, 1<<20)
	}
}

// WriteBlock queues a block of type typ (TypeHeader, TypeData); it takes
// ownership of block. It returns the first error of an earlier block.
func (bw *Writer) WriteBlock(typ string, block []byte) error {
	if bw.closed {
		return fmt.Errorf("pbf: write after Close")
	}
	if err := bw.getErr(); err != nil {
		return err
	}
	j := &blobJob{typ: typ, block: block, out: make(chan []byte, 1)}
	bw.order <- j
	bw.jobs <- j
	return nil
}

// WriteHeader queues the OSMHeader block.
func (bw *Writer) WriteHeader(h Header) error {
	return bw.WriteBlock(TypeHeader, AppendHeader(nil, h))
}

// Close waits until all queued blocks are written and returns the first
// error.
func (bw *Writer) Close() error {
	if !bw.closed {
		bw.closed = true
		close(bw.jobs)
		bw.wg.Wait()
		close(bw.order)
		<-bw.done
	}
	return bw.getErr()
}

// Written is the number of bytes handed to the underlying writer.
func (bw *Writer) Written() int64 { return bw.written.Load() }

// Blocks is the number of blocks written.
func (bw *Writer) Blocks() int64 { return bw.blocks.Load() }
