// rfc1808 adapter for Go's net/url: `base.ResolveReference(relative).String()`
// after url.Parse of each (README, "Writing an adapter"). An error from
// url.Parse is a rejection.
//
// Build once (standard library only, no network), then run the binary:
//
//	CGO_ENABLED=0 GOTOOLCHAIN=local GOFLAGS= go build -o target/adapters/go-net-url adapters/go-net-url.go
//	target/adapters/go-net-url              # jsonl (also: --jsonl)
//	target/adapters/go-net-url --lines      # lines
//	target/adapters/go-net-url BASE REL     # argv
//
// adapters/install.sh does the build.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"runtime"
	"strings"
)

const name = "go-net-url"

func resolve(base, relative string) (result string, err error) {
	// A panic in the library is reported like an error, not as a dead adapter.
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	b, err := url.Parse(base)
	if err != nil {
		return "", err
	}
	r, err := url.Parse(relative)
	if err != nil {
		return "", err
	}
	return b.ResolveReference(r).String(), nil
}

type request struct {
	Type     string          `json:"type"`
	ID       json.RawMessage `json:"id"`
	Base     *string         `json:"base"`
	Relative *string         `json:"relative"`
}

type started struct {
	Type                  string `json:"type"`
	Version               int    `json:"version"`
	Name                  string `json:"name"`
	ImplementationVersion string `json:"implementation_version"`
	Language              string `json:"language"`
	Spec                  string `json:"spec"`
}

type answer struct {
	ID     json.RawMessage `json:"id"`
	Result *string         `json:"result,omitempty"`
	Error  *string         `json:"error,omitempty"`
}

func failed(id json.RawMessage, message string) answer {
	return answer{ID: id, Error: &message}
}

// jsonlAnswer returns the answer to one request line, or nil on stop.
func jsonlAnswer(line []byte) any {
	var req request
	if err := json.Unmarshal(line, &req); err != nil {
		return failed(nil, "adapter: bad request: "+err.Error())
	}
	if len(req.ID) == 0 {
		req.ID = json.RawMessage("null")
	}
	switch req.Type {
	case "stop":
		return nil
	case "start":
		return started{"started", 1, name, runtime.Version(), "go", "RFC 3986"}
	case "resolve":
		if req.Base == nil || req.Relative == nil {
			return failed(req.ID, "adapter: base and relative must be strings")
		}
		result, err := resolve(*req.Base, *req.Relative)
		if err != nil {
			return failed(req.ID, err.Error())
		}
		return answer{ID: req.ID, Result: &result}
	default:
		return failed(req.ID, fmt.Sprintf("adapter: unknown request type %q", req.Type))
	}
}

func linesAnswer(line string) string {
	base, relative, found := strings.Cut(line, "\t")
	if !found {
		return "\tadapter: request without a TAB"
	}
	result, err := resolve(base, relative)
	if err != nil {
		return "\t" + strings.Join(strings.Fields(strings.NewReplacer("\r", " ", "\n", " ").Replace(err.Error())), " ")
	}
	if strings.ContainsAny(result, "\r\n") || strings.HasPrefix(result, "\t") {
		return "\tadapter: the result cannot be sent as a line"
	}
	return result
}

// serve answers each line as it arrives; os.Stdout is unbuffered, so every
// answer leaves at once.
func serve(handle func(line []byte) (reply []byte, stop bool)) {
	in := bufio.NewReader(os.Stdin)
	for {
		line, err := in.ReadBytes('\n')
		if len(line) > 0 {
			reply, stop := handle(line)
			if stop {
				return
			}
			os.Stdout.Write(append(reply, '\n'))
		}
		if err != nil {
			if err != io.EOF {
				fmt.Fprintln(os.Stderr, "adapter: cannot read standard input:", err)
			}
			return
		}
	}
}

func main() {
	args := os.Args[1:]
	switch {
	case len(args) == 0 || (len(args) == 1 && args[0] == "--jsonl"):
		serve(func(line []byte) ([]byte, bool) {
			a := jsonlAnswer(line)
			if a == nil {
				return nil, true
			}
			reply, err := json.Marshal(a)
			if err != nil {
				reply, _ = json.Marshal(failed(nil, "adapter: cannot encode the answer: "+err.Error()))
			}
			return reply, false
		})
	case len(args) == 1 && args[0] == "--lines":
		serve(func(line []byte) ([]byte, bool) {
			text := strings.TrimSuffix(strings.TrimSuffix(string(line), "\n"), "\r")
			return []byte(linesAnswer(text)), false
		})
	case len(args) == 2:
		result, err := resolve(args[0], args[1])
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		fmt.Println(result)
	default:
		fmt.Fprintf(os.Stderr, "usage: %s [--jsonl | --lines | BASE RELATIVE]\n", name)
		os.Exit(2)
	}
}
